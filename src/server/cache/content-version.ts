import type { Db } from '../db/client.ts';
import { postgresContentVersion } from './content-version-postgres.ts';
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
  /**
   * Brings `current()` up to every change committed before the call, where another process's
   * change could otherwise reach this one a moment late (PostgreSQL). Absent where `current()`
   * is always up to date (SQLite reads its file's change counter).
   */
  refresh?(): Promise<void>;
}

/**
 * The version as every process serving one database sees it: SQLite's shared counter read when the
 * file changed (content-version-sqlite.ts), PostgreSQL's pushed to every node (content-version-postgres.ts).
 */
export function databaseContentVersion(db: Db): ContentVersionSource {
  return db.dialect === 'sqlite' ? sqliteContentVersion(db) : postgresContentVersion(db);
}
