import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { alternativeSpellings, normalizeSearchText, searchKey } from '../../shared/search-text.ts';
import { INDEX_COLUMNS, tokensOf, type IndexedTexts } from './fts5-memory-sqlite.ts';
import { quoteLexeme } from './engine-postgres.ts';

/**
 * Keeping PostgreSQL's search documents in step with the items (docs/decisions/025). The triggers
 * of migrations-pg/0001_search_index.sql note each changed item in search_pending; before the
 * transaction commits, the data layer calls indexPendingSearches, which writes the noted items'
 * documents with the same JavaScript as SQLite's triggers call (db/search-functions.ts). Readers
 * therefore see an item and its document appear, change and go in one commit, as on SQLite.
 */

interface Source {
  type: string;
  item_id: number;
  country: string | null;
  date: number;
  public_since: number | null;
  title_en: string | null;
  title_fa: string | null;
  body_en: string | null;
  body_fa: string | null;
}

type Rows<T> = { rows: T[] };
const run = <T>(tx: Orm, statement: ReturnType<typeof sql>) => (tx as unknown as { execute(query: unknown): Promise<Rows<T>> }).execute(statement);

const text = (value: string | null) => value ?? '';

/** tsvector holds positions up to this; later words of a very long body share it (phrases there may miss). */
const MAX_POSITION = 16_383;
/** Titles weigh most, bodies less, the other spellings least: the weights of SQLite's bm25 (search/engine.ts). */
const WEIGHTS = ['A', 'A', 'B', 'B', 'C'] as const;

/** tsvector keeps this many positions of a lexeme; a word more frequent in one item counts this often. */
const MAX_POSITIONS = 256;

/**
 * A tsvector literal of the tokens: each column's positions after the previous one's and a gap,
 * so no phrase spans two columns; and how many tokens there are.
 */
export function tsvectorOf(texts: IndexedTexts): { words: string; tokens: number } {
  const tokens = tokensOf(texts);
  const bases: number[] = [];
  let next = 1;
  for (let column = 0; column < INDEX_COLUMNS.length; column++) {
    bases.push(next);
    const last = tokens.filter((token) => token.column === column).reduce((max, token) => Math.max(max, token.offset), -1);
    next += last + 2;
  }
  const positions = new Map<string, string[]>();
  for (const token of tokens) {
    const list = positions.get(token.term) ?? [];
    if (!positions.has(token.term)) positions.set(token.term, list);
    if (list.length < MAX_POSITIONS) list.push(`${Math.min(MAX_POSITION, bases[token.column]! + token.offset)}${WEIGHTS[token.column]}`);
  }
  return { words: [...positions].map(([term, at]) => `${quoteLexeme(term)}:${at.join(',')}`).join(' '), tokens: tokens.length };
}

/** Written in a language, as SQLite's facets decide it (its trim() takes spaces only). */
const writtenIn = (source: Source, title: string | null) => source.type === 'story' || text(title).replace(/^ +| +$/g, '') !== '';

/** The tokens of SQLite's `facets` column (migrations/0010, 0019): hidden or not, the type, the country if any, the languages. */
const facetTokens = (source: Source) =>
  1 +
  (source.public_since === null ? 1 : 0) +
  (source.country === null ? 0 : 1) +
  (writtenIn(source, source.title_en) ? 1 : 0) +
  (writtenIn(source, source.title_fa) ? 1 : 0);

/**
 * The document of one item, exactly as SQLite's views compute it (migrations/0005 and 0010):
 * the normalised texts, the title keys, and the other spellings of all four texts — which SQLite
 * concatenates with `||`, so a missing text leaves them empty there; the same here.
 */
function documentOf(source: Source) {
  const texts: IndexedTexts = {
    title_en: normalizeSearchText(text(source.title_en)),
    title_fa: normalizeSearchText(text(source.title_fa)),
    body_en: normalizeSearchText(text(source.body_en)),
    body_fa: normalizeSearchText(text(source.body_fa)),
    spellings: [source.title_en, source.title_fa, source.body_en, source.body_fa].some((value) => value === null)
      ? ''
      : alternativeSpellings(normalizeSearchText([source.title_en, source.title_fa, source.body_en, source.body_fa].join(' '))),
  };
  const { words, tokens } = tsvectorOf(texts);
  return {
    type: source.type,
    item_id: source.item_id,
    country: source.country,
    date: source.date,
    public_since: source.public_since,
    title_key_en: searchKey(text(source.title_en)),
    title_key_fa: searchKey(text(source.title_fa)),
    ...texts,
    words,
    length: tokens + facetTokens(source),
  };
}

/** Documents written per statement. */
const BATCH = 500;

/**
 * Writes the documents of the items noted in search_pending, inside the caller's transaction. A
 * transaction whose triggers noted nothing costs one setting read; `force` indexes whatever is
 * noted regardless (after migrating, and the rebuild). Oldest first, so ids follow dates.
 */
export async function indexPendingSearches(tx: Orm, force = false): Promise<number> {
  if (!force) {
    const { rows } = await run<{ pending: string | null }>(tx, sql`SELECT current_setting('site.search_pending', true) AS pending`);
    if (rows[0]?.pending !== '1') return 0;
  }
  // Writers of documents take turns here, before any document or word count is locked (the counts'
  // triggers, migrations-pg/0012, lock those), so no two writers lock them in different orders.
  await run(tx, sql`SELECT 1 FROM search_totals FOR UPDATE`);
  const { rows: sources } = await run<Source>(
    tx,
    sql`WITH noted AS (DELETE FROM search_pending RETURNING type, item_id),
      removed AS (DELETE FROM search_documents d USING noted n WHERE d.type = n.type AND d.item_id = n.item_id RETURNING d.length),
      totals AS (UPDATE search_totals SET documents = documents - (SELECT count(*) FROM removed), tokens = tokens - (SELECT coalesce(sum(length), 0) FROM removed))
      SELECT s.type, s.item_id, s.country, s.date, s.public_since, s.title_en, s.title_fa, s.body_en, s.body_fa
      FROM search_sources s JOIN (SELECT DISTINCT type, item_id FROM noted) n ON n.type = s.type AND n.item_id = s.item_id
      ORDER BY s.date, s.type, s.item_id`,
  );
  // Noted and handled: a later write in this transaction notes afresh.
  await run(tx, sql`SELECT set_config('site.search_pending', '', true)`);
  for (let start = 0; start < sources.length; start += BATCH) {
    const documents = sources.slice(start, start + BATCH).map(documentOf);
    await run(
      tx,
      sql`WITH inserted AS (
          INSERT INTO search_documents (type, item_id, country, date, public_since, title_key_en, title_key_fa, title_en, title_fa, body_en, body_fa, spellings, words, length)
          SELECT type, item_id, country, date, public_since, title_key_en, title_key_fa, title_en, title_fa, body_en, body_fa, spellings, words::tsvector, length
          FROM json_to_recordset(${JSON.stringify(documents)}::json) AS r(type text, item_id integer, country text, date bigint, public_since bigint,
            title_key_en text, title_key_fa text, title_en text, title_fa text, body_en text, body_fa text, spellings text, words text, length integer)
          RETURNING length)
        UPDATE search_totals SET documents = documents + (SELECT count(*) FROM inserted), tokens = tokens + (SELECT coalesce(sum(length), 0) FROM inserted)`,
    );
  }
  return sources.length;
}
