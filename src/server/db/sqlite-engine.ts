import { repoRoot } from '../paths.ts';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Db, Orm } from './client.ts';
import { withTransactions } from './routing.ts';
import * as schema from './schema.ts';
import { registerSearchFunctions } from './search-functions.ts';
import { WriteQueue } from './write-queue.ts';
import { eraseNotedNow, watchDeletions } from './erase-sqlite.ts';
import { applySkippedMigrations } from './migrations-skipped-sqlite.ts';
import { withKeptPlans } from './kept-plans-sqlite.ts';

export interface SqliteEngine {
  dialect: 'sqlite';
  file: string;
  /** The one connection that writes; only an open transaction of this process uses it. */
  writer: Database.Database;
  /** Reads outside transactions: it sees the last commit, never a transaction still open (WAL). */
  reader: Database.Database;
}

/** Each connection's page cache, in KiB. */
export const CACHE_KIB = 2000;

/** One connection to the site's file with the site's settings (also for tools that build a file as the site would). */
export function connectSqlite(file: string, role: 'writer' | 'reader'): Database.Database {
  const sqlite = new Database(file);
  if (role === 'writer') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL makes NORMAL durable against application crashes; only a power loss can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  // Deleted rows are overwritten with zeros, not only unlinked: a deleted story or message must not
  // be readable from the file afterwards (see erase.ts for the write-ahead log).
  sqlite.pragma('secure_delete = ON');
  // Sorts, temporary indexes and VACUUM's copy stay in memory: a temporary file, once removed,
  // would leave the rows it held in the file system's free blocks.
  sqlite.pragma('temp_store = MEMORY');
  // SQLite's own default page cache, 2 MB, instead of the 16 MB better-sqlite3 builds it with: each
  // connection's cache is memory of the web process that start-up's passes over every row fill and
  // that is never given back (12 MB of a 10,000-item site's idle process). Pages outside it are
  // read from the system's file cache, which every process shares and the kernel can reclaim.
  sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  // A write outside a transaction would slip into whatever transaction is open on the writer.
  if (role === 'reader') sqlite.pragma('query_only = ON');
  registerSearchFunctions(sqlite);
  return withKeptPlans(sqlite);
}

/**
 * Opens (creating its folder if needed) the SQLite file as a writer and a reader connection
 * (docs/decisions/023). Every transaction takes its turn on the writer; it begins IMMEDIATE, so
 * another process on the same file waits for it (busy_timeout) instead of failing on a stale read.
 */
export function openSqlite(file: string): Db {
  if (file === ':memory:') throw new Error('The site needs a database file: a reader and a writer cannot share an in-memory database.');
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const writer = connectSqlite(file, 'writer');
  const reader = connectSqlite(file, 'reader');
  // Only the writer deletes; its watch erases every deletion from the files (erase-sqlite.ts).
  watchDeletions(writer);
  const engine: SqliteEngine = { dialect: 'sqlite', file, writer, reader };
  const queue = new WriteQueue();
  const writeOrm = drizzle(writer, { schema }) as unknown as Orm;
  const readOrm = drizzle(reader, { schema }) as unknown as Orm;
  return withTransactions({
    engine,
    readOrm,
    begin: (work) =>
      queue.run(async () => {
        writer.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(writeOrm);
          writer.exec('COMMIT');
          return result;
        } catch (error) {
          if (writer.inTransaction) writer.exec('ROLLBACK');
          throw error;
        } finally {
          // Still in the queue's turn: no transaction is open, and a deletion's commit resolves erased.
          eraseNotedNow(writer);
        }
      }),
    exclusive: (work) => queue.run(async () => work()),
    migrate: () =>
      queue.run(async () => {
        applySkippedMigrations(writer, migrationsFolder('sqlite'));
        migrate(drizzle(writer), { migrationsFolder: migrationsFolder('sqlite') });
        // Tables a migration added or rebuilt are watched too.
        watchDeletions(writer);
      }),
    close: async () => {
      await queue.run(async () => undefined);
      reader.close();
      writer.close();
    },
  });
}

export function migrationsFolder(dialect: 'sqlite' | 'postgres'): string {
  return path.join(repoRoot, dialect === 'sqlite' ? 'migrations' : 'migrations-pg');
}
