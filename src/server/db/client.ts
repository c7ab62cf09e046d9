import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { scrubEarlierDeletionsOnce, watchDeletions } from './erase.ts';
import * as schema from './schema.ts';
import { registerSearchFunctions } from './search-functions.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** Opens (creating its folder if needed) the SQLite file with the pragmas a small busy site needs. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
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
  registerSearchFunctions(sqlite);
  watchDeletions(sqlite);
  return withWriteTransactions(drizzle(sqlite, { schema }));
}

/**
 * Every transaction of the site reads and then writes (the stored media list a patch lays over, the
 * cover an upload replaces, the row a failed sign-in adds to). SQLite's default (deferred)
 * transaction takes the write lock only at its first write: when another connection, such as a
 * second server process or a command-line tool on the same file, commits in between, the write
 * fails with SQLITE_BUSY, since the transaction's reads are stale. Taking the write lock at BEGIN
 * (immediate) makes the other connection wait (busy_timeout) and the read-modify-write one step.
 * A caller may still ask for another behaviour explicitly.
 */
function withWriteTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (run, config) => transaction(run, { behavior: 'immediate', ...config });
  return db;
}

function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder });
  // Tables a migration added or rebuilt are watched too.
  watchDeletions(db.$client);
}

export function openAndMigrate(file: string): Db {
  const db = openDatabase(file);
  migrateDatabase(db);
  scrubEarlierDeletionsOnce(db);
  return db;
}

/** A database handle or an open transaction: helpers that must run inside a caller's transaction take this. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | Tx;
