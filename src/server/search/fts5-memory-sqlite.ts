import Database from 'better-sqlite3';
import type { Language } from '../../shared/locale.ts';
import { textsOf, type ResultTexts } from './result-texts.ts';

/**
 * SQLite's FTS5 tokenizer and highlighter, in a private in-memory database, for search on
 * PostgreSQL (docs/decisions/025). PostgreSQL's own parsers cut and stem words differently
 * (no Porter stemmer without stop words, other word boundaries, no Persian rules); borrowing the
 * very tokenizer of SQLite's index makes both engines index, ask for and mark the same tokens.
 * It holds at most one document or one result page at a time and is emptied after each use.
 */

/** The tokenizer of SQLite's index (migrations/0005_search_index.sql); tests compare the two engines. */
const TOKENIZE = `porter unicode61 remove_diacritics 2`;

/** The index's columns, in its order: the same names so result-texts.ts's statements run here unchanged. */
export const INDEX_COLUMNS = ['title_en', 'title_fa', 'body_en', 'body_fa', 'spellings'] as const;
export type IndexedTexts = Record<(typeof INDEX_COLUMNS)[number], string>;

let memory: { $client: Database.Database } | null = null;

function open(): { $client: Database.Database } {
  if (memory) return memory;
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE search_index USING fts5(${INDEX_COLUMNS.join(', ')}, facets, tokenize = '${TOKENIZE}');
    CREATE VIRTUAL TABLE search_tokens USING fts5vocab(search_index, 'instance');`);
  memory = { $client: db };
  return memory;
}

const insertRow = `INSERT INTO search_index (rowid, ${INDEX_COLUMNS.join(', ')}, facets) VALUES (:doc, ${INDEX_COLUMNS.map((column) => `:${column}`).join(', ')}, '')`;

/** Runs work with the given rows in the in-memory index, which is empty again afterwards. */
function withRows<T>(rows: readonly (IndexedTexts & { doc: number })[], work: (connection: { $client: Database.Database }) => T): T {
  const connection = open();
  const insert = connection.$client.prepare(insertRow);
  try {
    for (const row of rows) insert.run(row);
    return work(connection);
  } finally {
    connection.$client.exec('DELETE FROM search_index');
  }
}

export interface Token {
  term: string;
  /** The column's index in INDEX_COLUMNS. */
  column: number;
  /** The token's position in its column, from 0. */
  offset: number;
}

/** The tokens of one document's columns, as SQLite's index holds them (case folded, diacritics removed, stemmed). */
export function tokensOf(texts: IndexedTexts): Token[] {
  return withRows([{ doc: 1, ...texts }], ({ $client }) =>
    (
      $client.prepare('SELECT term, col, "offset" AS offset FROM search_tokens WHERE doc = 1 ORDER BY col, "offset"').all() as {
        term: string;
        col: string;
        offset: number;
      }[]
    )
      .filter((row) => row.col !== 'facets')
      .map((row) => ({ term: row.term, column: INDEX_COLUMNS.indexOf(row.col as (typeof INDEX_COLUMNS)[number]), offset: row.offset })),
  );
}

/** The tokens of a phrase of a query (one spelling of one word), in order. */
export function phraseTokens(phrase: string): string[] {
  return tokensOf({ title_en: phrase, title_fa: '', body_en: '', body_fa: '', spellings: '' }).map((token) => token.term);
}

/**
 * Titles and snippets with the matched words marked, made by SQLite's highlight() and snippet()
 * on the page's rows (result-texts.ts), so they are the same parts SQLite's search gives.
 */
export function markedTexts(rows: readonly (IndexedTexts & { doc: number })[], match: string, language: Language): Map<number, ResultTexts> {
  return withRows(rows, (connection) => textsOf(connection, match, rows, language));
}
