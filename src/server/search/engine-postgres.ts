import type pg from 'pg';
import type { Language } from '../../shared/locale.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import { emptyPage, MAX_RESULTS, SearchTimeoutError, TEXT_COLUMNS, type SearchHit, type SearchPage } from './engine.ts';
import { markedTexts, phraseTokens, type IndexedTexts } from './fts5-memory-sqlite.ts';
import { FILTERS, rankNewest, type PhraseQuery } from './bm25-postgres.ts';
import { compileQuery } from './match.ts';
import { isPublic, mayFind, orderMatches, type Audience, type Meta } from './ranking.ts';
import { cardSlug, cardsSql, tableOf, type Card } from './result-texts.ts';

/**
 * Search on PostgreSQL (docs/decisions/025), step for step SQLite's (engine.ts): the newest
 * MAX_RESULTS matches the audience may see, the newest RANKED of them ranked, exact titles first,
 * one page's texts marked. The documents' tokens were cut by SQLite's tokenizer (index-postgres.ts)
 * and the query's are too, so a query matches the same documents on both engines.
 */

/**
 * A lexeme quoted for tsvector and tsquery input. It lives here rather than beside the indexing
 * (index-postgres.ts) so that a search thread does not load Drizzle: about a second of its start.
 */
export const quoteLexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Each word's spellings as phrases of tokens, cut as SQLite's index cuts them; a spelling without a token is left out. */
export function phrasesOf(words: readonly string[][]): string[][][] {
  return words.map((spellings) => spellings.map(phraseTokens).filter((tokens) => tokens.length));
}

const phraseQuery = (tokens: readonly string[]) => tokens.map(quoteLexeme).join(' <-> ');
const queriesOf = (tokens: readonly string[]): PhraseQuery => ({ phrase: phraseQuery(tokens), allTokens: tokens.map(quoteLexeme).join(' & ') });

/**
 * The query as a tsquery: every word required, any of its spellings, a spelling of several tokens
 * (a compound written with a non-joiner) a phrase, as in FTS5. Null when a word has no token at all.
 */
export function tsqueryOf(words: readonly string[][][]): string | null {
  if (words.some((phrases) => !phrases.length)) return null;
  return words.map((phrases) => `(${phrases.map((tokens) => `(${phraseQuery(tokens)})`).join(' | ')})`).join(' & ');
}

/** Whether a document is written in the language `$LANG` names (SQLite's language facets, migrations/0019). */
const WRITTEN = `(type = 'story' OR (CASE $LANG::text WHEN 'fa' THEN title_key_fa ELSE title_key_en END) <> '')`;

const SQL = {
  // A public search ($4 false) finds what is public and written in the reader's language ($6), as SQLite's facets.
  window: `SELECT id AS doc FROM search_documents WHERE words @@ $1::tsquery AND ${FILTERS} AND ($4 OR (public_since IS NOT NULL AND ${WRITTEN.replaceAll('$LANG', '$6')}))
    AND ($5 OR type <> 'story') ORDER BY id DESC LIMIT ${MAX_RESULTS}`,
  // As on SQLite, the ranked rows' visibility is checked on their metadata.
  exact: `SELECT id AS doc FROM search_documents WHERE (title_key_en = $1 OR title_key_fa = $1) AND ${FILTERS}`,
  meta: `SELECT id AS doc, type, item_id AS id, country, date, public_since AS "publicSince", (title_key_en = $2 OR title_key_fa = $2) AS exact,
    ${WRITTEN.replaceAll('$LANG', '$3')} AS written
    FROM search_documents WHERE id = ANY($1::bigint[])`,
  texts: `SELECT id AS doc, title_en, title_fa, body_en, body_fa, spellings FROM search_documents WHERE id = ANY($1::bigint[])`,
  images: cardsSql((kind) => `= ANY($${['posts', 'legal', 'story', 'gallery'].indexOf(kind) + 1}::int[])`),
};

/** query_canceled: the statement_timeout that stands for the search's deadline. */
const CANCELED = '57014';

/** One page of results, as engine.ts's search, on a pooled connection in one read-only snapshot; past `deadline` a SearchTimeoutError. */
export async function searchPostgres(
  pool: pg.Pool,
  input: SearchInput,
  language: Language,
  audience: Audience,
  now = Date.now(),
  deadline = Infinity,
): Promise<SearchPage> {
  const compiled = compileQuery(input.q);
  const words = compiled ? phrasesOf(compiled.words) : [];
  const query = tsqueryOf(words);
  if (!compiled || !query) return emptyPage(input);
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The deadline inside the database too: a statement still running at it is cancelled there.
    if (Number.isFinite(deadline)) await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(deadline - Date.now()))}`);
    const page = await searchIn(client, { input, language, audience, now, deadline, key: compiled.key, terms: compiled.terms, query, phrases: words.flat() });
    await client.query('COMMIT');
    return page;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { code?: string }).code === CANCELED) throw new SearchTimeoutError();
    throw error;
  } finally {
    client.release();
  }
}

interface Asked {
  input: SearchInput;
  language: Language;
  audience: Audience;
  now: number;
  deadline: number;
  key: string;
  terms: string;
  query: string;
  /** The query's phrases in order, for bm25. */
  phrases: string[][];
}

async function searchIn(client: pg.PoolClient, asked: Asked): Promise<SearchPage> {
  const { input, audience } = asked;
  const inTime = () => {
    if (Date.now() > asked.deadline) throw new SearchTimeoutError();
  };
  const filters = [input.type ?? null, input.country ?? null];
  const window = (
    await client.query<{ doc: number }>(SQL.window, [asked.query, ...filters, audience !== 'public', audience !== 'writer', asked.language])
  ).rows.map((row) => row.doc);
  const exact = (await client.query<{ doc: number }>(SQL.exact, [asked.key, ...filters])).rows.map((row) => row.doc);
  if (!window.length && !exact.length) return emptyPage(input);
  inTime();
  // One match needs no ranking (engine.ts).
  const ranked = window.length > 1 ? await rankNewest(client, asked.query, filters, asked.phrases, asked.phrases.map(queriesOf)) : [];
  inTime();
  const known = (await client.query<Meta>(SQL.meta, [[...new Set([...exact, ...ranked.map((row) => row.doc)])], asked.key, asked.language])).rows;
  const docs = orderMatches(known, window, ranked, exact, audience, asked.now);

  const offset = (input.page - 1) * input.pageSize;
  const pageDocs = docs.slice(offset, offset + input.pageSize);
  const rows = (await client.query<Meta>(SQL.meta, [pageDocs, asked.key, asked.language])).rows
    .filter((row) => mayFind(audience, row))
    .sort((a, b) => pageDocs.indexOf(a.doc) - pageDocs.indexOf(b.doc));
  const stored = (await client.query<IndexedTexts & { doc: number }>(SQL.texts, [rows.map((row) => row.doc)])).rows;
  const texts = markedTexts(stored, `${TEXT_COLUMNS} : (${asked.terms})`, asked.language);
  const images = await imagesOf(client, rows);
  const items = rows.map((row): SearchHit => ({
    type: row.type,
    id: row.id,
    ...texts.get(row.doc)!,
    date: new Date(row.date),
    country: row.country as Country | null,
    image: images.get(`${tableOf(row.type)}:${row.id}`)?.image ?? null,
    byline: images.get(`${tableOf(row.type)}:${row.id}`)?.[asked.language === 'fa' ? 'byline_fa' : 'byline_en'] ?? null,
    slug: cardSlug(images.get(`${tableOf(row.type)}:${row.id}`), asked.language),
    public: isPublic(row),
  }));
  return { items, total: docs.length, page: input.page, pageSize: input.pageSize, capped: window.length >= MAX_RESULTS };
}

/** The picture and byline of each result, by `table:id`. */
async function imagesOf(client: pg.PoolClient, rows: readonly { type: SearchType; id: number }[]): Promise<Map<string, Card>> {
  const idsOf = (table: string) => rows.filter((row) => tableOf(row.type) === table).map((row) => row.id);
  const found = (await client.query<Card & { kind: string; id: number }>(SQL.images, [idsOf('post'), idsOf('legal'), idsOf('story'), idsOf('gallery')])).rows;
  return new Map(found.map((row) => [`${row.kind}:${row.id}`, row]));
}
