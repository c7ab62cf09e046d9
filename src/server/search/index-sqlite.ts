import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import { sqliteOf, type Db } from '../db/client.ts';
import { openTransactionOf } from '../db/transaction-scope.ts';
import { MAX_RESULTS, RANKED, type Audience, type DocumentMeta } from './ranking.ts';
import type { MarkedTexts } from './result-texts.ts';

/**
 * The search index on SQLite: an FTS5 table (search_index) and its documents' metadata
 * (search_documents), kept by triggers (migrations/0003_search_index.sql). Statements are
 * prepared once per connection and run synchronously: a search is one of the site's hot paths.
 */

const TEXT_COLUMNS = '{title_en title_fa body_en body_fa spellings}';

/**
 * The single visibility rule of search, applied inside the index: search_sources (migrations)
 * decides each item's public_since, and the `facets` column holds `facethidden` for any item that
 * is not public, so a public query never has it as a candidate. Kind and country filters are
 * facets too, so the index alone answers a filtered query.
 */
function matchFor(terms: string, input: SearchInput, audience: Audience): string {
  const filters = [input.type ? `"facettype${input.type}"` : null, input.country ? `"facetcountry${input.country}"` : null].filter(Boolean);
  let match = `${TEXT_COLUMNS} : (${terms})`;
  if (filters.length) match += ` AND {facets} : (${filters.join(' AND ')})`;
  if (audience === 'public') match += ' NOT {facets} : "facethidden"';
  return match;
}

const sql = {
  window: `SELECT rowid FROM search_index WHERE search_index MATCH :match ORDER BY rowid DESC LIMIT ${MAX_RESULTS}`,
  /** Relevance: titles weigh most, the facets nothing; lower is better. */
  ranked: `SELECT rowid AS doc, bm25(search_index, 8.0, 8.0, 1.0, 1.0, 0.5, 0.0) AS relevance
    FROM search_index WHERE search_index MATCH :match ORDER BY rowid DESC LIMIT ${RANKED}`,
  exact: `SELECT id FROM search_documents WHERE (title_key_en = :key OR title_key_fa = :key)
    AND (:type IS NULL OR type = :type) AND (:country IS NULL OR country = :country)`,
  meta: `SELECT id AS doc, type, item_id AS id, country, date, public_since AS publicSince, (title_key_en = :key OR title_key_fa = :key) AS exact
    FROM search_documents WHERE id IN (SELECT value FROM json_each(:docs))`,
  // For the rows of one page: FTS5 looks each row id up (one statement is several times faster than
  // one per row). Row ids come as integers from JSON: a row id bound as a JavaScript number is a REAL,
  // and FTS5 then ignores a `rowid =` constraint (SQLite 3.54). char(57344) and char(57345) are the
  // markers result-texts.ts splits on.
  texts: `SELECT rowid AS doc,
    highlight(search_index, 0, char(57344), char(57345)) AS titleEn,
    highlight(search_index, 1, char(57344), char(57345)) AS titleFa,
    snippet(search_index, 2, char(57344), char(57345), '…', 28) AS bodyEn,
    snippet(search_index, 3, char(57344), char(57345), '…', 28) AS bodyFa
  FROM search_index WHERE search_index MATCH :match AND rowid IN (SELECT value FROM json_each(:docs))`,
  images: `SELECT 'post' AS kind, id, image FROM posts WHERE id IN (SELECT value FROM json_each(:posts))
  UNION ALL SELECT 'legal', id, media FROM legal_items WHERE media_kind = 'image' AND id IN (SELECT value FROM json_each(:legal))
  UNION ALL SELECT 'story', id, media FROM stories WHERE media_kind = 'image' AND id IN (SELECT value FROM json_each(:story))
  UNION ALL SELECT 'gallery', id, image FROM gallery_items WHERE id IN (SELECT value FROM json_each(:gallery))`,
};

const statements = new WeakMap<Database.Database, Map<string, Statement>>();

/** Statements prepared once per connection. */
function preparedOn(connection: Database.Database): (text: string) => Statement {
  let cache = statements.get(connection);
  if (!cache) statements.set(connection, (cache = new Map()));
  const own = cache;
  return (text) => {
    let statement = own.get(text);
    if (!statement) own.set(text, (statement = connection.prepare(text)));
    return statement;
  };
}

// News, articles and reports share one table and one id sequence.
const tableOf = (type: SearchType) => (type === 'news' || type === 'article' || type === 'report' ? 'post' : type);

/** The index's candidates for a query: the newest matches, the ranked ones among them, and exact titles. */
export interface Candidates {
  window: number[];
  exact: number[];
  ranked: { doc: number; relevance: number }[];
}

/**
 * The index as the search engine (engine.ts) reads it. Inside a transaction it reads that
 * transaction's connection (the writer), so it sees what the transaction wrote; elsewhere the
 * reader, which sees the last commit.
 */
export function sqliteSearchIndex(db: Db) {
  const { reader, writer } = sqliteOf(db);
  const prepared = preparedOn(openTransactionOf(db) ? writer : reader);
  return {
    candidates(terms: string, key: string, input: SearchInput, audience: Audience): Candidates {
      const window = prepared(sql.window).pluck().all({ match: matchFor(terms, input, audience) }) as number[];
      const exact = prepared(sql.exact)
        .pluck()
        .all({ key, type: input.type ?? null, country: input.country ?? null }) as number[];
      // Without the visibility facet: a NOT in the expression makes bm25 several times slower, and the
      // ranked rows' visibility is checked on their metadata anyway.
      const ranked = window.length ? (prepared(sql.ranked).all({ match: matchFor(terms, input, 'editor') }) as Candidates['ranked']) : [];
      return { window, exact, ranked };
    },
    meta(docs: readonly number[], key: string): DocumentMeta[] {
      return prepared(sql.meta).all({ docs: JSON.stringify(docs), key }) as DocumentMeta[];
    },
    /** Titles and snippets with the matched words between the markers, for the documents of one page. */
    texts(terms: string, docs: readonly number[]): MarkedTexts[] {
      return prepared(sql.texts).all({ match: `${TEXT_COLUMNS} : (${terms})`, docs: JSON.stringify(docs) }) as MarkedTexts[];
    },
    /** The picture of each result that has one, for its card. */
    images(rows: readonly { type: SearchType; id: number }[]): { get(row: { type: SearchType; id: number }): string | null | undefined } {
      const idsOf = (table: string) => JSON.stringify(rows.filter((row) => tableOf(row.type) === table).map((row) => row.id));
      const found = prepared(sql.images).all({ posts: idsOf('post'), legal: idsOf('legal'), story: idsOf('story'), gallery: idsOf('gallery') }) as {
        kind: string;
        id: number;
        image: string | null;
      }[];
      const byKey = new Map(found.map((row) => [`${row.kind}:${row.id}`, row.image]));
      return { get: (row) => byKey.get(`${tableOf(row.type)}:${row.id}`) };
    },
  };
}
