import type { Language } from '../../shared/locale.ts';
import type { SearchInput } from '../../shared/schemas/search.ts';
import type { Db } from '../db/client.ts';
import { sqliteSearchIndex } from './index-sqlite.ts';
import { compileQuery } from './match.ts';
import { isPublic, MAX_RESULTS, orderOf, visibleTo, type Audience, type SearchHit, type SearchPage } from './ranking.ts';
import { textsOf } from './result-texts.ts';

export { MAX_RESULTS, RANKED, type Audience, type SearchHit, type SearchPage } from './ranking.ts';
export type { TextPart } from './result-texts.ts';

/** The search index of the database's engine: SQLite's FTS5 (index-sqlite.ts). */
function indexOf(db: Db) {
  if (db.dialect !== 'sqlite') throw new Error('Search is not available on PostgreSQL yet.');
  return sqliteSearchIndex(db);
}

/**
 * One page of results for a query, best first (exact titles, then relevance with recency); an empty
 * query or one with no word is an empty page. On SQLite every statement runs in one synchronous
 * stretch, so no commit lands between them.
 */
export async function search(db: Db, input: SearchInput, language: Language, audience: Audience, now = Date.now()): Promise<SearchPage> {
  const empty = { items: [], total: 0, page: input.page, pageSize: input.pageSize, capped: false };
  const compiled = compileQuery(input.q);
  if (!compiled) return empty;
  const index = indexOf(db);
  const { window, exact, ranked } = index.candidates(compiled.terms, compiled.key, input, audience);
  if (!window.length && !exact.length) return empty;
  const visible = visibleTo(audience);
  const known = new Map(
    index
      .meta([...new Set([...exact, ...ranked.map((row) => row.doc)])], compiled.key)
      .filter(visible)
      .map((row) => [row.doc, row]),
  );
  const docs = orderOf(known, window, ranked, exact, now);

  const offset = (input.page - 1) * input.pageSize;
  const pageDocs = docs.slice(offset, offset + input.pageSize);
  const rows = index
    .meta(pageDocs, compiled.key)
    .filter(visible)
    .sort((a, b) => pageDocs.indexOf(a.doc) - pageDocs.indexOf(b.doc));
  const texts = textsOf(
    index.texts(
      compiled.terms,
      rows.map((row) => row.doc),
    ),
    rows,
    language,
  );
  const images = index.images(rows);
  const items = rows.map((row): SearchHit => ({
    type: row.type,
    id: row.id,
    ...texts.get(row.doc)!,
    date: new Date(row.date),
    country: row.country,
    image: images.get(row) ?? null,
    public: isPublic(row),
  }));
  return { items, total: docs.length, page: input.page, pageSize: input.pageSize, capped: window.length >= MAX_RESULTS };
}
