import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type { Language } from '../../shared/locale.ts';
import type { SearchType } from '../../shared/schemas/search.ts';
import { toPersianDigits } from '../../shared/search-text.ts';
import { itemSlugs } from '../../shared/slugs.ts';

/**
 * A SQLite connection the engine reads with: the site's own, or a search thread's read-only one
 * (workers/thread.ts), which has no Drizzle around it.
 */
export interface SearchConnection {
  $client: Database.Database;
}

/** A run of result text, marked when it is a word the query matched. */
export interface TextPart {
  text: string;
  mark: boolean;
}

const statements = new WeakMap<SearchConnection, Map<string, Statement>>();
/** Statements prepared once per database. */
export function preparedOn(db: SearchConnection): (text: string) => Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const own = cache;
  return (text) => {
    let statement = own.get(text);
    if (!statement) own.set(text, (statement = db.$client.prepare(text)));
    return statement;
  };
}

// Private-use characters: the normaliser never leaves them in text, so they can only be our markers.
const OPEN = '\ue000';
const CLOSE = '\ue001';

// For the rows of one page. Row ids come as integers from JSON: a row id bound as a JavaScript
// number is a REAL, and FTS5 then ignores a `rowid` constraint (SQLite 3.54).
const TEXTS_OF = `SELECT rowid AS doc,
    highlight(search_index, 0, char(57344), char(57345)) AS titleEn,
    highlight(search_index, 1, char(57344), char(57345)) AS titleFa,
    snippet(search_index, 2, char(57344), char(57345), '…', 28) AS bodyEn,
    snippet(search_index, 3, char(57344), char(57345), '…', 28) AS bodyFa
  FROM search_index WHERE search_index MATCH :match AND`;
/** FTS5 looks each row id up: on a large index each look-up reads every segment's lists again (about 0.25 ms a row at 100,000 items). */
const TEXTS = `${TEXTS_OF} rowid IN (SELECT value FROM json_each(:docs))`;
/**
 * The matches between two row ids, read in one pass, then kept to the page's rows (the `+` makes
 * the IN a filter, not a look-up per row). For rows of the window only: its match has at most the
 * window's matches in that span. The bounds are bound as BigInts, integers to FTS5.
 */
const TEXTS_BETWEEN = `${TEXTS_OF} rowid BETWEEN :low AND :high AND +rowid IN (SELECT value FROM json_each(:docs))`;

type Marked = Record<'titleEn' | 'titleFa' | 'bodyEn' | 'bodyFa', string> & { doc: number };

/** FTS5's marked text as parts, with Persian digits in Persian text. */
export function partsOf(marked: string, lang: Language): TextPart[] {
  const parts: TextPart[] = [];
  for (const [index, piece] of marked.split(new RegExp(`[${OPEN}${CLOSE}]`)).entries()) {
    if (piece) parts.push({ text: lang === 'fa' ? toPersianDigits(piece) : piece, mark: index % 2 === 1 });
  }
  return parts;
}

/**
 * The text in the reader's language when there is one, else the other. For a snippet, the one that
 * shows a matched word wins: it says why the item was found.
 */
function pick(texts: Record<Language, string>, language: Language, preferMarked: boolean): { text: string; lang: Language } {
  const other: Language = language === 'fa' ? 'en' : 'fa';
  const order = [language, other].filter((lang) => texts[lang]);
  const chosen = (preferMarked ? order.find((lang) => texts[lang].includes(OPEN)) : undefined) ?? order[0] ?? language;
  return { text: texts[chosen] ?? '', lang: chosen };
}

export interface ResultTexts {
  title: TextPart[];
  titleLang: Language;
  snippet: TextPart[];
  snippetLang: Language;
}

/**
 * The newest matches a search found (engine.ts), and the match that found them: their texts are
 * read in one pass over their span of the index.
 */
export interface SearchWindow {
  match: string;
  docs: ReadonlySet<number>;
}

function markedTexts(db: SearchConnection, match: string, docs: number[], window?: SearchWindow): Marked[] {
  const prepared = preparedOn(db);
  const near = window ? docs.filter((doc) => window.docs.has(doc)) : [];
  const far = window ? docs.filter((doc) => !window.docs.has(doc)) : docs;
  const rows = far.length ? (prepared(TEXTS).all({ match, docs: JSON.stringify(far) }) as Marked[]) : [];
  if (!window || !near.length) return rows;
  const span = { low: BigInt(Math.min(...near)), high: BigInt(Math.max(...near)) };
  return [...rows, ...(prepared(TEXTS_BETWEEN).all({ match: window.match, docs: JSON.stringify(near), ...span }) as Marked[])];
}

/**
 * Titles and snippets with the matched words marked, for the rows of one page only. `match` is the
 * query's words in the text columns; rows of `window` are read by its match, which marks the same
 * words (its other phrases are facets, in a column no text is read from).
 */
export function textsOf(
  db: SearchConnection,
  match: string,
  rows: readonly { doc: number }[],
  language: Language,
  window?: SearchWindow,
): Map<number, ResultTexts> {
  const marked = new Map(
    markedTexts(
      db,
      match,
      rows.map((row) => row.doc),
      window,
    ).map((row) => [row.doc, row]),
  );
  const found = new Map<number, ResultTexts>();
  for (const { doc } of rows) {
    const row = marked.get(doc) ?? { titleEn: '', titleFa: '', bodyEn: '', bodyFa: '' };
    const title = pick({ en: row.titleEn, fa: row.titleFa }, language, false);
    const snippet = pick({ en: row.bodyEn, fa: row.bodyFa }, language, true);
    found.set(doc, { title: partsOf(title.text, title.lang), titleLang: title.lang, snippet: partsOf(snippet.text, snippet.lang), snippetLang: snippet.lang });
  }
  return found;
}

/**
 * Each result's picture, its author's public name per language when it carries her byline, and
 * what its address is made of (stored slugs and titles; stories and the gallery have none). The
 * same SQL on both engines; `ids` writes each kind's list of ids in the engine's own way.
 */
export function cardsSql(ids: (kind: 'posts' | 'legal' | 'story' | 'gallery') => string): string {
  const byline = (table: string, language: 'en' | 'fa') =>
    `CASE WHEN ${table}.byline = 'author' THEN (SELECT public_name_${language} FROM users WHERE users.id = ${table}.created_by) END`;
  return `SELECT 'post' AS kind, id, image, ${byline('posts', 'en')} AS byline_en, ${byline('posts', 'fa')} AS byline_fa, slug_en, slug_fa, title_en, title_fa FROM posts WHERE id ${ids('posts')}
  UNION ALL SELECT 'legal', id, CASE WHEN media_kind = 'image' THEN media END, ${byline('legal_items', 'en')}, ${byline('legal_items', 'fa')}, slug_en, slug_fa, title_en, title_fa FROM legal_items WHERE id ${ids('legal')}
  UNION ALL SELECT 'story', id, media, NULL, NULL, NULL, NULL, NULL, NULL FROM stories WHERE media_kind = 'image' AND id ${ids('story')}
  UNION ALL SELECT 'gallery', id, image, NULL, NULL, NULL, NULL, NULL, NULL FROM gallery_items WHERE id ${ids('gallery')}`;
}

/** What a result's card shows besides its words. */
export interface Card {
  image: string | null;
  byline_en: string | null;
  byline_fa: string | null;
  slug_en: string | null;
  slug_fa: string | null;
  title_en: string | null;
  title_fa: string | null;
}

/** The slug of a result's address in the reader's language (src/shared/slugs.ts); null for what has no readable address. */
export function cardSlug(card: Card | undefined, language: Language): string | null {
  if (!card || card.title_en === null || card.title_fa === null) return null;
  const slugs = itemSlugs({ titleEn: card.title_en, titleFa: card.title_fa, slugEn: card.slug_en, slugFa: card.slug_fa });
  return language === 'fa' ? slugs.slugFa : slugs.slugEn;
}

const CARDS = cardsSql((kind) => `IN (SELECT value FROM json_each(:${kind}))`);

// News, articles and reports share one table and one id sequence.
export const tableOf = (type: SearchType) => (type === 'news' || type === 'article' || type === 'report' ? 'post' : type);

/** The picture and byline of each result, for its card. */
export function imagesOf(
  db: SearchConnection,
  rows: readonly { type: SearchType; id: number }[],
): { get(row: { type: SearchType; id: number }): Card | undefined } {
  const idsOf = (table: string) => JSON.stringify(rows.filter((row) => tableOf(row.type) === table).map((row) => row.id));
  const found = preparedOn(db)(CARDS).all({ posts: idsOf('post'), legal: idsOf('legal'), story: idsOf('story'), gallery: idsOf('gallery') }) as (Card & {
    kind: string;
    id: number;
  })[];
  const byKey = new Map(found.map((row) => [`${row.kind}:${row.id}`, row]));
  return { get: (row) => byKey.get(`${tableOf(row.type)}:${row.id}`) };
}
