import type { SQL } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { openPostgres, PostgresEngine } from './postgres-engine.ts';
import type * as schema from './schema.ts';
import { openSqlite, type SqliteEngine } from './sqlite-engine.ts';
import { scrubEarlierDeletionsOnce } from './erase.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Engine = SqliteEngine | PostgresEngine;

/**
 * The query builder, written once for both engines (decision 023): every query is awaited, and
 * built on the tables of schema.ts, which PostgreSQL's twins (schema-pg.ts) mirror column for
 * column. SQLite's synchronous `.all()`, `.get()`, `.run()` do not exist on PostgreSQL; the lint
 * rules refuse them.
 */
export type Orm = BaseSQLiteDatabase<'async', unknown, typeof schema>;

export interface Db extends Omit<Orm, 'transaction'> {
  readonly dialect: Dialect;
  /** The engine's own connections, for the few modules that speak one dialect (search, erasure, backup). */
  readonly engine: Engine;
  /**
   * Runs `work` in one transaction and commits it, or rolls it back if it throws. Writes happen only
   * here (on SQLite the read side refuses them). Inside it, `db` and `tx` are the same transaction;
   * a transaction asked for inside another joins it. Keep slow work (hashing, files) outside.
   */
  transaction<T>(work: (tx: Orm) => Promise<T>): Promise<T>;
  /**
   * Runs work while no transaction of this process is open (SQLite: in the write queue's turn, for
   * checkpoints, VACUUM and backups on the writer); on PostgreSQL at once.
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** A database handle or an open transaction: helpers that may run inside a caller's transaction take this. */
export type DbLike = Db | Orm;

/** Whether a DATABASE_URL names PostgreSQL (anything else is an SQLite file). */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** PostgreSQL's opener, once loadEngine has loaded it. */
let postgres: typeof openPostgres | null = null;

/** Loads the engine a URL needs, before openDatabase opens it: only PostgreSQL's has to be loaded. */
export async function loadEngine(url: string): Promise<void> {
  // Loaded on first use: pg and drizzle's driver for it, 10 MB a site on SQLite (the default) does not need.
  if (isPostgresUrl(url)) postgres ??= (await import('./postgres-engine.ts')).openPostgres;
}

/**
 * `postgres://…` or `postgresql://…` opens PostgreSQL, once loadEngine has loaded its engine; a file
 * path or `file:` URL opens SQLite, the default.
 */
export function openDatabase(url: string): Db {
  if (isPostgresUrl(url)) {
    if (!postgres) throw new Error("PostgreSQL's engine is not loaded: await loadEngine(url) first.");
    return postgres(url);
  }
  return openSqlite(url.startsWith('file:') ? new URL(url).pathname : url);
}

export async function openAndMigrate(url: string): Promise<Db> {
  await loadEngine(url);
  const db = openDatabase(url);
  await db.migrate();
  await scrubEarlierDeletionsOnce(db);
  return db;
}

/** SQLite's connections; for the modules of that dialect and for tests that read the file itself. */
export function sqliteOf(db: Db): SqliteEngine {
  if (db.engine.dialect !== 'sqlite') throw new Error('This needs the SQLite engine.');
  return db.engine;
}

export function postgresOf(db: Db): PostgresEngine {
  if (db.engine.dialect !== 'postgres') throw new Error('This needs the PostgreSQL engine.');
  return db.engine;
}

/** Runs one statement written with sql`…` on either engine (SQLite's run, PostgreSQL's execute), for the dialect modules. */
export async function execute(db: DbLike, statement: SQL): Promise<void> {
  const target = db as unknown as { execute?: (query: SQL) => Promise<unknown>; run: (query: SQL) => unknown };
  // SQLite's builder has no execute, PostgreSQL's has no run.
  await (typeof target.execute === 'function' ? target.execute(statement) : target.run(statement));
}
