import type { Db } from '../db/client.ts';
import { sqliteContentVersion } from './content-version-sqlite.ts';

/**
 * Where the version of everything a visitor can read comes from. `current()` changes whenever
 * public output may have changed; `bump()` says that a procedure just changed it. A shared store
 * other than the database (for servers on several machines) can implement the same two methods,
 * and nothing else needs to change.
 */
export interface ContentVersionSource {
  /** Synchronous: it runs on every public read, before any other work. */
  current(): string;
  /** Counts the change in this process at once, and for the other processes once the returned promise settles. */
  bump(): Promise<void>;
}

/**
 * The version as every process serving one database sees it (see content-version-sqlite.ts). On
 * PostgreSQL the counter needs a way to learn of other nodes' changes without a query per read,
 * which comes in a later step: until then a site can be built there, but its first public read or
 * content change fails.
 */
export function databaseContentVersion(db: Db): ContentVersionSource {
  if (db.dialect === 'sqlite') return sqliteContentVersion(db);
  const unavailable = (): never => {
    throw new Error('The shared content counter is not available on PostgreSQL yet.');
  };
  return { current: unavailable, bump: async () => unavailable() };
}
