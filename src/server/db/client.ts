import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
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
  registerSearchFunctions(sqlite);
  return drizzle(sqlite, { schema });
}

function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder });
}

export function openAndMigrate(file: string): Db {
  const db = openDatabase(file);
  migrateDatabase(db);
  return db;
}

/** A database handle or an open transaction: helpers that must run inside a caller's transaction take this. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | Tx;
