import type { Statement } from 'better-sqlite3';
import type { Language } from '../../shared/locale.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import { toPersianDigits } from '../../shared/search-text.ts';
import type { Db } from '../db/client.ts';
import type { Page } from '../routers/helpers.ts';
import { compileQuery } from './match.ts';

/** Who is searching: the public finds only what it may see; editors find drafts and pending stories too. */
export type Audience = 'public' | 'editor';

/** A run of result text, marked when it is a word the query matched. */
export interface TextPart {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  type: SearchType;
  id: number;
  title: TextPart[];
  /** The language the title is written in (the reader's when the item has one in it). */
  titleLang: Language;
  snippet: TextPart[];
  snippetLang: Language;
  date: Date;
  country: Country | null;
  image: string | null;
  /** False for what only editors may find (a pending story, a draft). */
  public: boolean;
}

/**
 * The single visibility rule of search. search_sources (migrations) decides each item's
 * public_since: NULL for what is never public, a time for what is public from then on.
 */
const VISIBLE: Record<Audience, string> = {
  public: 'd.public_since IS NOT NULL AND d.public_since <= :now',
  editor: '1',
};

/**
 * Relevance first (bm25, titles weighing most), gently preferring recent items: a year-old item's
 * score counts two thirds, a two-year-old's half. bm25 is negative: lower is better.
 */
const WEIGHTS = 'bm25(search_index, 8.0, 8.0, 1.0, 1.0, 0.5)';
const YEAR_MS = 365 * 24 * 3600 * 1000;
const RANK = `${WEIGHTS} / (1.0 + 0.5 * max(0, :now - d.date) / ${YEAR_MS}.0)`;

const where = (audience: Audience) => `search_index MATCH :match AND ${VISIBLE[audience]}
  AND (:type IS NULL OR d.type = :type) AND (:country IS NULL OR d.country = :country)`;

const sql = {
  page: (audience: Audience) => `SELECT d.id AS doc, d.type AS type, d.item_id AS id, d.country AS country, d.date AS date, d.public_since AS publicSince
    FROM search_index JOIN search_documents d ON d.id = search_index.rowid
    WHERE ${where(audience)}
    ORDER BY (d.title_key_en = :key OR d.title_key_fa = :key) DESC, ${RANK}, d.date DESC, d.id DESC
    LIMIT :limit OFFSET :offset`,
  count: (audience: Audience) => `SELECT count(*) FROM search_index JOIN search_documents d ON d.id = search_index.rowid WHERE ${where(audience)}`,
  // Highlights are worked out for the rows of the page only, never for every match.
  texts: `SELECT rowid AS doc,
      highlight(search_index, 0, char(57344), char(57345)) AS titleEn,
      highlight(search_index, 1, char(57344), char(57345)) AS titleFa,
      snippet(search_index, 2, char(57344), char(57345), '…', 28) AS bodyEn,
      snippet(search_index, 3, char(57344), char(57345), '…', 28) AS bodyFa
    FROM search_index WHERE search_index MATCH :match AND rowid IN (SELECT value FROM json_each(:docs))`,
  images: `SELECT 'news' AS kind, id, image FROM posts WHERE id IN (SELECT value FROM json_each(:posts))
    UNION ALL SELECT 'legal', id, media FROM legal_items WHERE media_kind = 'image' AND id IN (SELECT value FROM json_each(:legal))
    UNION ALL SELECT 'story', id, media FROM stories WHERE media_kind = 'image' AND id IN (SELECT value FROM json_each(:story))
    UNION ALL SELECT 'gallery', id, image FROM gallery_items WHERE id IN (SELECT value FROM json_each(:gallery))`,
};

const statements = new WeakMap<Db, Map<string, Statement>>();
function prepared(db: Db, text: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = db.$client.prepare(text)));
  return statement;
}

const OPEN = '\ue000';
const CLOSE = '\ue001';

/** FTS5's marked text as parts; the markers are private-use characters the normaliser never leaves in text. */
export function partsOf(marked: string, lang: Language): TextPart[] {
  const parts: TextPart[] = [];
  for (const [index, piece] of marked.split(new RegExp(`[${OPEN}${CLOSE}]`)).entries()) {
    if (!piece) continue;
    parts.push({ text: lang === 'fa' ? toPersianDigits(piece) : piece, mark: index % 2 === 1 });
  }
  return parts;
}

const hasMark = (text: string | null) => !!text && text.includes(OPEN);

/**
 * The text in the reader's language when there is one, else the other. For a snippet, the one that
 * shows a matched word wins: it says why the item was found.
 */
function pick(texts: Record<Language, string>, language: Language, preferMarked: boolean): { text: string; lang: Language } {
  const other: Language = language === 'fa' ? 'en' : 'fa';
  const order = [language, other].filter((lang) => texts[lang]);
  const chosen = (preferMarked ? order.find((lang) => hasMark(texts[lang])) : undefined) ?? order[0] ?? language;
  return { text: texts[chosen] ?? '', lang: chosen };
}

interface Row {
  doc: number;
  type: SearchType;
  id: number;
  country: Country | null;
  date: number;
  publicSince: number | null;
}

interface Texts {
  doc: number;
  titleEn: string;
  titleFa: string;
  bodyEn: string;
  bodyFa: string;
}

function imagesOf(db: Db, rows: Row[]): Map<string, string | null> {
  const idsOf = (...types: SearchType[]) => JSON.stringify(rows.filter((row) => types.includes(row.type)).map((row) => row.id));
  const found = prepared(db, sql.images).all({
    posts: idsOf('news', 'article', 'report'),
    legal: idsOf('legal'),
    story: idsOf('story'),
    gallery: idsOf('gallery'),
  }) as { kind: string; id: number; image: string | null }[];
  // Posts share one id sequence, so the post kinds share one key.
  return new Map(found.map((row) => [`${row.kind}:${row.id}`, row.image]));
}

const imageKey = (row: Row) => `${['news', 'article', 'report'].includes(row.type) ? 'news' : row.type}:${row.id}`;

/** One page of results for a query, best first; an empty query or one with no word is an empty page. */
export function search(db: Db, input: SearchInput, language: Language, audience: Audience): Page<SearchHit> {
  const empty = { items: [], total: 0, page: input.page, pageSize: input.pageSize };
  const compiled = compileQuery(input.q);
  if (!compiled) return empty;
  const now = Date.now();
  const params = { match: compiled.match, now, type: input.type ?? null, country: input.country ?? null };
  const total = prepared(db, sql.count(audience)).pluck().get(params) as number;
  if (!total) return empty;
  const rows = prepared(db, sql.page(audience)).all({
    ...params,
    key: compiled.key,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  }) as Row[];
  if (!rows.length) return { ...empty, total };
  const texts = new Map(
    (prepared(db, sql.texts).all({ match: compiled.match, docs: JSON.stringify(rows.map((row) => row.doc)) }) as Texts[]).map((row) => [row.doc, row]),
  );
  const images = imagesOf(db, rows);
  const items = rows.map((row): SearchHit => {
    const text = texts.get(row.doc);
    const title = pick({ en: text?.titleEn ?? '', fa: text?.titleFa ?? '' }, language, false);
    const snippet = pick({ en: text?.bodyEn ?? '', fa: text?.bodyFa ?? '' }, language, true);
    return {
      type: row.type,
      id: row.id,
      title: partsOf(title.text, title.lang),
      titleLang: title.lang,
      snippet: partsOf(snippet.text, snippet.lang),
      snippetLang: snippet.lang,
      date: new Date(row.date),
      country: row.country,
      image: images.get(imageKey(row)) ?? null,
      public: row.publicSince !== null && row.publicSince <= now,
    };
  });
  return { items, total, page: input.page, pageSize: input.pageSize };
}
