import type { Language } from '../../shared/locale.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchType } from '../../shared/schemas/search.ts';
import type { Page } from '../routers/helpers.ts';
import type { TextPart } from './result-texts.ts';

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
 * At most this many matches are found: the most recently indexed ones (row ids follow indexing, and
 * the migration and a rebuild index oldest first), plus any item whose title is the query.
 */
export const MAX_RESULTS = 1000;
/**
 * Of those, the newest this many are ranked by relevance; the rest follow, newest first. bm25
 * costs about 6 µs a row: ranking a thousand matches of a common word would take most of the
 * time a search may take. A query with fewer matches is ranked whole.
 */
export const RANKED = 200;

/** What the index keeps of a document besides its text. */
export interface DocumentMeta {
  doc: number;
  type: SearchType;
  id: number;
  country: Country | null;
  date: number;
  publicSince: number | null;
  /** 1 when the document's title is the query. */
  exact: number;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** A gentle preference for recent items: a year-old item's relevance counts two thirds, a two-year-old's half. */
const withRecency = (relevance: number, date: number, now: number) => relevance / (1 + (0.5 * Math.max(0, now - date)) / YEAR_MS);

/** Publication status alone decides (public_since is NULL for anything not published), never the machine's clock. */
export const isPublic = (candidate: { publicSince: number | null }) => candidate.publicSince !== null;

/** Whether the audience may find a document. */
export const visibleTo = (audience: Audience) => (candidate: { publicSince: number | null }) => audience === 'editor' || isPublic(candidate);

/**
 * The order of the matches: items whose title is the query, then the ranked ones by relevance with
 * recency, then the rest newest first (as the window found them). `known` holds the metadata of the
 * exact and ranked documents the audience may find.
 */
export function orderOf(
  known: ReadonlyMap<number, DocumentMeta>,
  window: readonly number[],
  ranked: readonly { doc: number; relevance: number }[],
  exact: readonly number[],
  now: number,
): number[] {
  const first = exact.filter((doc) => known.has(doc)).sort((a, b) => known.get(b)!.date - known.get(a)!.date || b - a);
  const scored = ranked
    .filter((row) => known.has(row.doc) && !known.get(row.doc)!.exact)
    .map((row) => ({ doc: row.doc, score: withRecency(row.relevance, known.get(row.doc)!.date, now), date: known.get(row.doc)!.date }))
    .sort((a, b) => a.score - b.score || b.date - a.date || b.doc - a.doc)
    .map((row) => row.doc);
  const placed = new Set([...first, ...scored]);
  return [...first, ...scored, ...window.filter((doc) => !placed.has(doc) && !exact.includes(doc))];
}
