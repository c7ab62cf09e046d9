import { sqliteOf, type Db } from '../../src/server/db/client.ts';

/**
 * Raw statements on an SQLite site's own connections, for the tests that are about SQLite's file
 * itself (the search index's tables, pragmas, the bytes on disk, a table broken on purpose). Tests
 * that only need rows use the query builder, which runs on PostgreSQL too.
 */
type Site = { db: Db };

/** Every row a statement gives on the reader (the last committed state). */
export function sqliteAll<Row = Record<string, unknown>>(site: Site, statement: string, ...params: unknown[]): Row[] {
  return sqliteOf(site.db)
    .reader.prepare(statement)
    .all(...params) as Row[];
}

/** The first row a statement gives on the reader. */
export function sqliteGet<Row = Record<string, unknown>>(site: Site, statement: string, ...params: unknown[]): Row | undefined {
  return sqliteOf(site.db)
    .reader.prepare(statement)
    .get(...params) as Row | undefined;
}

/** The first column of every row. */
export function sqliteColumn<Value = unknown>(site: Site, statement: string, ...params: unknown[]): Value[] {
  return sqliteOf(site.db)
    .reader.prepare(statement)
    .pluck()
    .all(...params) as Value[];
}

/** The first column of the first row. */
export function sqliteValue<Value = unknown>(site: Site, statement: string, ...params: unknown[]): Value | undefined {
  return sqliteOf(site.db)
    .reader.prepare(statement)
    .pluck()
    .get(...params) as Value | undefined;
}

/** Runs statements on the writer, in one transaction of the site (its turn in the write queue). */
export async function sqliteExec(site: Site, statements: string): Promise<void> {
  const { writer } = sqliteOf(site.db);
  await site.db.transaction(async () => {
    writer.exec(statements);
  });
}

/** Runs one statement with parameters on the writer, in one transaction of the site; returns the rows it changed. */
export async function sqliteWrite(site: Site, statement: string, ...params: unknown[]): Promise<number> {
  const { writer } = sqliteOf(site.db);
  return site.db.transaction(async () => writer.prepare(statement).run(...params).changes);
}

/**
 * Copies the write-ahead log into the file, while no transaction is open: TRUNCATE empties the log
 * too, PASSIVE leaves its bytes in place (as SQLite's automatic checkpoints do).
 */
export async function sqliteCheckpoint(site: Site, mode: 'TRUNCATE' | 'PASSIVE' = 'TRUNCATE'): Promise<void> {
  const { writer } = sqliteOf(site.db);
  await site.db.exclusive(() => writer.pragma(`wal_checkpoint(${mode})`));
}
