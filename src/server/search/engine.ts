import type { Language } from '../../shared/locale.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import type { Db } from '../db/client.ts';
import type { Page } from '../routers/helpers.ts';
import { compileQuery } from './match.ts';
import { imagesOf, preparedOn, textsOf, type TextPart } from './result-texts.ts';

export type { TextPart };

/** Who is searching: the public finds only what it may see; editors find drafts and pending stories too. */
export type Audience = 'public' | 'editor';

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

export interface SearchPage extends Page<SearchHit> {
  /** True when the query matched more than MAX_RESULTS items and `total` stops there. */
  capped: boolean;
}

/**
 * At most this many matches are ranked: the most recently indexed ones (row ids follow indexing,
 * and a rebuild indexes oldest first), plus any item whose title is the query. Ranking every match
 * of a word found in a quarter of 100,000 items costs over 100 ms; a reader never pages that far.
 */
export const MAX_RESULTS = 1000;

const TEXT_COLUMNS = '{title_en title_fa body_en body_fa spellings}';

/**
 * The single visibility rule of search, applied inside the index: the `facets` column holds
 * `facetpublic` for what search_sources (migrations) makes public, so nothing else is ever a
 * public candidate; the time is checked again on the rows read.
 */
function matchFor(terms: string, input: SearchInput, audience: Audience): string {
  const facets = [audience === 'public' ? 'facetpublic' : null, input.type ? `facettype${input.type}` : null, input.country ? `facetcountry${input.country}` : null]
    .filter(Boolean)
    .map((facet) => `"${facet}"`);
  const text = `${TEXT_COLUMNS} : (${terms})`;
  return facets.length ? `${text} AND {facets} : (${facets.join(' AND ')})` : text;
}

/** Relevance (bm25, titles weighing most; the facets not at all): lower is better. */
const sql = {
  window: `SELECT rowid AS doc, bm25(search_index, 8.0, 8.0, 1.0, 1.0, 0.5, 0.0) AS relevance
    FROM search_index WHERE search_index MATCH :match ORDER BY rowid DESC LIMIT ${MAX_RESULTS}`,
  exact: `SELECT id FROM search_documents WHERE (title_key_en = :key OR title_key_fa = :key)
    AND (:type IS NULL OR type = :type) AND (:country IS NULL OR country = :country)`,
  meta: `SELECT id AS doc, type, item_id AS id, country, date, public_since AS publicSince, (title_key_en = :key OR title_key_fa = :key) AS exact
    FROM search_documents WHERE id IN (SELECT value FROM json_each(:docs))`,
};

interface Candidate {
  doc: number;
  type: SearchType;
  id: number;
  country: Country | null;
  date: number;
  publicSince: number | null;
  exact: number;
  score: number;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** A gentle preference for recent items: a year-old item's relevance counts two thirds, a two-year-old's half. */
const withRecency = (relevance: number, date: number, now: number) => relevance / (1 + (0.5 * Math.max(0, now - date)) / YEAR_MS);

const isPublic = (candidate: { publicSince: number | null }, now: number) => candidate.publicSince !== null && candidate.publicSince <= now;

/** One page of results for a query, best first (exact titles, then relevance with recency); an empty query or one with no word is an empty page. */
export function search(db: Db, input: SearchInput, language: Language, audience: Audience): SearchPage {
  const empty = { items: [], total: 0, page: input.page, pageSize: input.pageSize, capped: false };
  const compiled = compileQuery(input.q);
  if (!compiled) return empty;
  const now = Date.now();
  const prepared = preparedOn(db);
  const window = prepared(sql.window).all({ match: matchFor(compiled.terms, input, audience) }) as { doc: number; relevance: number }[];
  const relevance = new Map(window.map((row) => [row.doc, row.relevance]));
  const exact = prepared(sql.exact).pluck().all({ key: compiled.key, type: input.type ?? null, country: input.country ?? null }) as number[];
  const docs = [...new Set([...window.map((row) => row.doc), ...exact])];
  if (!docs.length) return empty;

  const candidates = (prepared(sql.meta).all({ docs: JSON.stringify(docs), key: compiled.key }) as Omit<Candidate, 'score'>[])
    .filter((row) => audience === 'editor' || isPublic(row, now))
    .map((row): Candidate => ({ ...row, score: withRecency(relevance.get(row.doc) ?? 0, row.date, now) }))
    .sort((a, b) => b.exact - a.exact || a.score - b.score || b.date - a.date || b.doc - a.doc);

  const offset = (input.page - 1) * input.pageSize;
  const rows = candidates.slice(offset, offset + input.pageSize);
  const texts = textsOf(db, `${TEXT_COLUMNS} : (${compiled.terms})`, rows, language);
  const images = imagesOf(db, rows);
  const items = rows.map((row): SearchHit => ({
    type: row.type,
    id: row.id,
    ...texts.get(row.doc)!,
    date: new Date(row.date),
    country: row.country,
    image: images.get(row) ?? null,
    public: isPublic(row, now),
  }));
  return { items, total: candidates.length, page: input.page, pageSize: input.pageSize, capped: window.length >= MAX_RESULTS };
}
