import type { Country } from '../../shared/schemas/content.ts';
import type { SearchType } from '../../shared/schemas/search.ts';

/**
 * Who is searching: the public finds only what it may see; editors find drafts and pending stories
 * too; writers find every item of every status but never a story a visitor sent.
 */
export type Audience = 'public' | 'writer' | 'editor';

/** What ordering and filtering need of a matched document, on either engine. */
export interface Meta {
  doc: number;
  type: SearchType;
  id: number;
  country: Country | null;
  date: number;
  publicSince: number | null;
  /** Truthy when the item's title is the query (SQLite gives 0 or 1, PostgreSQL a boolean). */
  exact: number | boolean;
  /** Truthy when the item is written in the reader's language (a story always is: readers see it in its author's). */
  written: number | boolean;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
/**
 * A gentle preference for recent items: a year-old item's relevance counts two thirds, a
 * two-year-old's half. Relevance is lower-is-better (bm25's sign; PostgreSQL's rank is negated).
 */
const withRecency = (relevance: number, date: number, now: number) => relevance / (1 + (0.5 * Math.max(0, now - date)) / YEAR_MS);

/** Publication status alone decides (public_since is NULL for anything not published), never the machine's clock. */
export const isPublic = (candidate: { publicSince: number | null }) => candidate.publicSince !== null;

/**
 * Whether the audience may find this document (the engines' queries apply the same rule in the
 * index): the public finds what is public and written in its language (src/shared/item-languages.ts).
 */
export function mayFind(audience: Audience, candidate: { type: string; publicSince: number | null; written: number | boolean }): boolean {
  if (audience === 'editor') return true;
  if (audience === 'writer') return candidate.type !== 'story';
  return isPublic(candidate) && Boolean(candidate.written);
}

/**
 * The order of the matches, the same on both engines: items whose title is the query, then the
 * ranked ones by relevance with recency, then the rest newest first (as the window found them).
 * `known` holds the metadata of the exact and ranked documents.
 */
export function orderMatches(
  known: readonly Meta[],
  window: readonly number[],
  ranked: readonly { doc: number; relevance: number }[],
  exact: readonly number[],
  audience: Audience,
  now: number,
): number[] {
  const visible = new Map(known.filter((row) => mayFind(audience, row)).map((row) => [row.doc, row]));
  const first = exact.filter((doc) => visible.has(doc)).sort((a, b) => visible.get(b)!.date - visible.get(a)!.date || b - a);
  const scored = ranked
    .filter((row) => visible.has(row.doc) && !visible.get(row.doc)!.exact)
    .map((row) => ({ doc: row.doc, score: withRecency(row.relevance, visible.get(row.doc)!.date, now), date: visible.get(row.doc)!.date }))
    .sort((a, b) => a.score - b.score || b.date - a.date || b.doc - a.doc)
    .map((row) => row.doc);
  const placed = new Set([...first, ...scored]);
  return [...first, ...scored, ...window.filter((doc) => !placed.has(doc) && !exact.includes(doc))];
}
