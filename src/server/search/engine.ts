import type { Language } from '../../shared/locale.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import type { Page } from '../routers/helpers.ts';
import { compileQuery, type CompiledQuery } from './match.ts';
import { cardSlug, imagesOf, preparedOn, textsOf, type SearchConnection, type TextPart } from './result-texts.ts';
import { isPublic, mayFind, orderMatches, type Audience, type Meta } from './ranking.ts';

export type { TextPart };

export type { Audience };

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
  /** The author's public name in the reader's language, when the item carries her byline. */
  byline: string | null;
  /** The readable part of the item's address in the reader's language (news, articles, reports, legal items); else null. */
  slug: string | null;
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

export const TEXT_COLUMNS = '{title_en title_fa body_en body_fa spellings}';

/**
 * search_recent holds this many of the newest documents again (migrations/0023_search_recent.sql):
 * every document from its oldest on. A search whose newest matches are there ranks them there
 * (rankingIndex), so a word most items hold costs the same on any size of site.
 */
export const RECENT_DOCUMENTS = 5000;

/**
 * The single visibility rule of search, applied inside the index: search_sources (migrations)
 * decides each item's public_since, and the `facets` column holds `facethidden` for any item that
 * is not public, so a public query never has it as a candidate. Kind and country filters are
 * facets too, so the index alone answers a filtered query.
 */
export function matchFor(terms: string, input: SearchInput, audience: Audience, language: Language): string {
  let match = withFilters(`${TEXT_COLUMNS} : (${terms})`, input);
  if (audience === 'public') match += ` AND {facets} : "facetlang${language}" NOT {facets} : "facethidden"`;
  if (audience === 'writer') match += ' NOT {facets} : "facettypestory"';
  return match;
}

/**
 * The words as the ranking asks for them. bm25 counts every document holding each phrase, and
 * behind a column filter FTS5 reads each such document's positions to see in which column it holds
 * it: a quarter of a common word's ranking at 100,000 items. The only column outside TEXT_COLUMNS
 * is `facets`, whose tokens all begin with "facet", so a query with no word that could spell one
 * finds the same documents with the same counts without the filter. (Compatibility forms and
 * accents are folded before looking, as the tokenizer folds them or more.)
 */
export function rankedTerms(compiled: Pick<CompiledQuery, 'terms' | 'words'>): string {
  const mayMeetFacets = compiled.words.flat().some((spelling) => /facet/i.test(spelling.normalize('NFKD').replace(/\p{M}/gu, '')));
  return mayMeetFacets ? `${TEXT_COLUMNS} : (${compiled.terms})` : `(${compiled.terms})`;
}

function withFilters(match: string, input: SearchInput): string {
  const filters = [input.type ? `"facettype${input.type}"` : null, input.country ? `"facetcountry${input.country}"` : null].filter(Boolean);
  return filters.length ? `${match} AND {facets} : (${filters.join(' AND ')})` : match;
}

export type Index = 'search_recent' | 'search_index';

export const sql = {
  window: `SELECT rowid FROM search_index WHERE search_index MATCH :match ORDER BY rowid DESC LIMIT ${MAX_RESULTS}`,
  /** Relevance: titles weigh most, the facets nothing; lower is better. */
  ranked: (index: Index) => `SELECT rowid AS doc, bm25(${index}, 8.0, 8.0, 1.0, 1.0, 0.5, 0.0) AS relevance
    FROM ${index} WHERE ${index} MATCH :match ORDER BY rowid DESC LIMIT ${RANKED}`,
  exact: `SELECT id FROM search_documents WHERE (title_key_en = :key OR title_key_fa = :key)
    AND (:type IS NULL OR type = :type) AND (:country IS NULL OR country = :country)`,
  meta: `SELECT id AS doc, type, item_id AS id, country, date, public_since AS publicSince, (title_key_en = :key OR title_key_fa = :key) AS exact,
    (type = 'story' OR (CASE :language WHEN 'fa' THEN title_key_fa ELSE title_key_en END) <> '') AS written
    FROM search_documents WHERE id IN (SELECT value FROM json_each(:docs))`,
  /** Whether search_recent holds :doc, which it does when it holds any document up to it. Row ids bound as BigInts: FTS5 ignores a REAL bound. */
  inRecent: 'SELECT count(*) FROM (SELECT rowid FROM search_recent WHERE rowid <= :doc LIMIT 1)',
};

/** A search that ran past its time: thrown between its steps (workers/pool.ts also stops a thread that overruns inside one). */
export class SearchTimeoutError extends Error {
  constructor() {
    super('The search ran past its time limit');
  }
}

/**
 * Where to rank: bm25 counts every document of the index holding each word, so in search_recent
 * when it holds at least RANKED of the window's matches. The ranking's own matches include the
 * window's, so their newest RANKED are then in it too: the very documents the whole index would
 * rank, as it holds every document newer than its oldest. Only bm25's counts differ: they come
 * from the newest documents, as PostgreSQL estimates past its sample (bm25-postgres.ts).
 */
export function rankingIndex(db: SearchConnection, window: readonly number[]): Index {
  if (window.length < RANKED) return 'search_index';
  const held = preparedOn(db)(sql.inRecent)
    .pluck()
    .get({ doc: BigInt(window[RANKED - 1]!) }) as number;
  return held ? 'search_recent' : 'search_index';
}

/** The exact and ranked documents' metadata, then their order (ranking.ts). */
function order(
  db: SearchConnection,
  compiled: { key: string },
  window: number[],
  ranked: { doc: number; relevance: number }[],
  exact: number[],
  audience: Audience,
  language: Language,
  now: number,
) {
  const docs = JSON.stringify([...new Set([...exact, ...ranked.map((row) => row.doc)])]);
  const known = preparedOn(db)(sql.meta).all({ docs, key: compiled.key, language }) as Meta[];
  return orderMatches(known, window, ranked, exact, audience, now);
}

/** The answer to a query that holds no word. */
export const emptyPage = (input: Pick<SearchInput, 'page' | 'pageSize'>): SearchPage => ({
  items: [],
  total: 0,
  page: input.page,
  pageSize: input.pageSize,
  capped: false,
});

/**
 * One page of results for a query, best first (exact titles, then relevance with recency); an
 * empty query or one with no word is an empty page. Past `deadline` (a time in ms) it stops at its
 * next step with a SearchTimeoutError rather than finish.
 */
export function search(db: SearchConnection, input: SearchInput, language: Language, audience: Audience, now = Date.now(), deadline = Infinity): SearchPage {
  const empty = emptyPage(input);
  const compiled = compileQuery(input.q);
  if (!compiled) return empty;
  const inTime = () => {
    if (Date.now() > deadline) throw new SearchTimeoutError();
  };
  const prepared = preparedOn(db);
  const match = matchFor(compiled.terms, input, audience, language);
  const window = prepared(sql.window).pluck().all({ match }) as number[];
  const exact = prepared(sql.exact)
    .pluck()
    .all({ key: compiled.key, type: input.type ?? null, country: input.country ?? null }) as number[];
  if (!window.length && !exact.length) return empty;
  inTime();
  // Without the visibility facet: a NOT in the expression makes bm25 several times slower, and the
  // ranked rows' visibility is checked on their metadata anyway. One match needs no ranking, and
  // skipping it saves bm25's count of every document holding each word (a common word's: 3 ms at
  // 100,000 items).
  const ranked =
    window.length > 1
      ? (prepared(sql.ranked(rankingIndex(db, window))).all({ match: withFilters(rankedTerms(compiled), input) }) as { doc: number; relevance: number }[])
      : [];
  inTime();
  const docs = order(db, compiled, window, ranked, exact, audience, language, now);

  const offset = (input.page - 1) * input.pageSize;
  const pageDocs = docs.slice(offset, offset + input.pageSize);
  const rows = (prepared(sql.meta).all({ docs: JSON.stringify(pageDocs), key: compiled.key, language }) as Meta[])
    .filter((row) => mayFind(audience, row))
    .sort((a, b) => pageDocs.indexOf(a.doc) - pageDocs.indexOf(b.doc));
  const texts = textsOf(db, `${TEXT_COLUMNS} : (${compiled.terms})`, rows, language, { match, docs: new Set(window) });
  const images = imagesOf(db, rows);
  const items = rows.map((row): SearchHit => ({
    type: row.type,
    id: row.id,
    ...texts.get(row.doc)!,
    date: new Date(row.date),
    country: row.country,
    image: images.get(row)?.image ?? null,
    byline: images.get(row)?.[language === 'fa' ? 'byline_fa' : 'byline_en'] ?? null,
    slug: cardSlug(images.get(row), language),
    public: isPublic(row),
  }));
  return { items, total: docs.length, page: input.page, pageSize: input.pageSize, capped: window.length >= MAX_RESULTS };
}
