import type Database from 'better-sqlite3';
import { alternativeSpellings, normalizeSearchText, searchKey } from '../../shared/search-text.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The search normalisation as SQL functions, for the triggers that keep the search index in step
 * with the items (migrations/0003_search_index.sql). Registered on every connection before
 * migrating: a connection without them cannot write an item, rather than write one unindexed.
 */
export function registerSearchFunctions(sqlite: Database.Database): void {
  const options = { deterministic: true, varargs: false } as const;
  sqlite.function('search_text', options, (value: unknown) => normalizeSearchText(text(value)));
  sqlite.function('search_key', options, (value: unknown) => searchKey(text(value)));
  sqlite.function('search_spellings', options, (value: unknown) => alternativeSpellings(normalizeSearchText(text(value))));
}
