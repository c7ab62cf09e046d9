import { createHash } from 'node:crypto';
import { asc, count, getTableColumns, gt, is, sql, type AnyColumn } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { rebuildSearchIndex } from '../search/rebuild.ts';
import { execute, postgresOf, type Db, type Orm } from './client.ts';
import * as schema from './schema.ts';

/** Every table of the site, parents before the tables that point at them (foreign keys). */
export const siteTables: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

const BATCH = 500;

export class CopyRefused extends Error {}

export interface TableReport {
  table: string;
  rows: number;
  /** SHA-256 of the table's rows in key order, as the site reads them (the same on both engines). */
  hash: string;
}

function keyOf(table: SQLiteTable): AnyColumn {
  const primary = Object.values(getTableColumns(table)).find((column) => column.primary);
  if (!primary) throw new Error(`${getTableConfig(table).name} has no single-column primary key`);
  return primary;
}

/** Rows of a table in key order, a batch at a time (keyset, so a large table is never read whole). */
async function* rowsOf(db: Db | Orm, table: SQLiteTable): AsyncGenerator<Record<string, unknown>[]> {
  const key = keyOf(table);
  const keyName = Object.entries(getTableColumns(table)).find(([, column]) => column === key)![0];
  let after: unknown;
  for (;;) {
    const query = db.select().from(table);
    const batch = (await (after === undefined ? query : query.where(gt(key, after))).orderBy(asc(key)).limit(BATCH)) as Record<string, unknown>[];
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)![keyName];
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Each table's row count and content hash, read through the site's own query code. The hash is of
 * the sorted row digests, so it does not depend on how an engine's collation orders text keys.
 */
export async function describeSite(db: Db): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  for (const table of siteTables) {
    const rowDigests: string[] = [];
    for await (const batch of rowsOf(db, table)) for (const row of batch) rowDigests.push(digest(JSON.stringify(row)));
    reports.push({ table: getTableConfig(table).name, rows: rowDigests.length, hash: digest(rowDigests.sort().join('\n')) });
  }
  return reports;
}

async function refuseIfNotEmpty(target: Db): Promise<void> {
  for (const table of siteTables) {
    const [row] = await target.select({ rows: count() }).from(table);
    if (row && row.rows > 0)
      throw new CopyRefused(
        `The PostgreSQL database already holds data (table ${getTableConfig(table).name}); the copy goes only into an empty, new database.`,
      );
  }
}

/**
 * Copies every row of an SQLite site into a migrated, empty PostgreSQL database, in one
 * transaction (a failure leaves it empty), then moves each identity past the copied ids, checks
 * that both sides hold the same rows (counts and hashes), and rebuilds the search index there. The
 * storage folder is not touched: both sites name the same stored files.
 */
export async function copySiteToPostgres(source: Db, target: Db): Promise<{ tables: TableReport[]; search: { documents: number } }> {
  postgresOf(target);
  await refuseIfNotEmpty(target);
  await target.transaction(async (tx) => {
    // Refused again inside the transaction: two copies started at once cannot both fill it.
    await refuseIfNotEmpty(target);
    for (const table of siteTables) {
      for await (const batch of rowsOf(source, table)) await tx.insert(table).values(batch);
      const key = keyOf(table);
      if (key.columnType === 'SQLiteInteger') {
        const name = getTableConfig(table).name;
        await execute(
          tx,
          sql`SELECT setval(pg_get_serial_sequence(${name}, ${key.name}), coalesce((SELECT max(${sql.identifier(key.name)}) FROM ${sql.identifier(name)}), 0) + 1, false)`,
        );
      }
    }
  });
  const [copied, original] = [await describeSite(target), await describeSite(source)];
  const differing = original.filter((entry, index) => entry.rows !== copied[index]?.rows || entry.hash !== copied[index]?.hash);
  if (differing.length > 0) throw new Error(`The copy differs from the original in: ${differing.map((entry) => entry.table).join(', ')}`);
  return { tables: copied, search: await rebuildSearchIndex(target) };
}
