import fs from 'node:fs';
import path from 'node:path';
import { postgresOf, sqliteOf } from '../../src/server/db/client.ts';
import { sqliteCounts, sqliteRows, sqliteTableNames } from './sqlite-tables.ts';
import type { TestDeps } from './test-db.ts';
import { listedNames } from './stored.ts';

/** Every table of the site's own schema (not the engine's or the migrator's bookkeeping). */
export async function tableNames(deps: Pick<TestDeps, 'db'>): Promise<string[]> {
  if (deps.db.dialect === 'postgres') {
    const { rows } = await postgresOf(deps.db).pool.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '__drizzle%' ORDER BY table_name",
    );
    return rows.map((row) => row.name);
  }
  return sqliteTableNames(sqliteOf(deps.db).reader);
}

/** Every row of a table, in key order, as the engine gives it. */
async function rowsOf(deps: Pick<TestDeps, 'db'>, name: string): Promise<unknown[]> {
  if (deps.db.dialect === 'postgres') {
    const { pool } = postgresOf(deps.db);
    // The primary key's columns in order (a word's count is keyed by word and part), else the first column.
    const { rows: keys } = await pool.query<{ column: string }>(
      `SELECT quote_ident(a.attname) AS column FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(n, o)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n
       WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY k.o`,
      [`"${name}"`],
    );
    const order = keys.length ? keys.map((key) => key.column).join(', ') : '1';
    return (await pool.query(`SELECT * FROM "${name}" ORDER BY ${order}`)).rows;
  }
  return sqliteRows(sqliteOf(deps.db).reader, name);
}

/** The tables of a database, read once: no request adds or drops one. */
const namesOf = new WeakMap<object, Promise<string[]>>();

/**
 * Rows per table: what a refused request must leave as it was. One statement counting every table
 * (fuzzing takes this before and after each of thousands of calls).
 */
export async function rowCounts(deps: Pick<TestDeps, 'db'>): Promise<Record<string, number>> {
  let names = namesOf.get(deps.db);
  if (!names) namesOf.set(deps.db, (names = tableNames(deps)));
  const statement = (await names).map((name) => `SELECT '${name}' AS name, count(*) AS n FROM "${name}"`).join(' UNION ALL ');
  const rows =
    deps.db.dialect === 'postgres'
      ? (await postgresOf(deps.db).pool.query<{ name: string; n: string }>(statement)).rows
      : sqliteCounts(sqliteOf(deps.db).reader, statement);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
}

/** Every file under a folder, dotted folders (.scratch) included, relative to it. */
export function allFilesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export interface Snapshot {
  tables: Record<string, unknown[]>;
  files: string[];
}

/**
 * The whole state a request could change: every row of every table (in rowid order) and every
 * stored file, with the scratch folder's. `except` leaves tables out, for changes a test expects (an expired
 * session row is deleted when it is presented).
 */
export async function snapshot(deps: Pick<TestDeps, 'db' | 'storage'>, options: { except?: readonly string[] } = {}): Promise<Snapshot> {
  const tables: Record<string, unknown[]> = {};
  for (const name of await tableNames(deps)) {
    if (options.except?.includes(name)) continue;
    tables[name] = await rowsOf(deps, name);
  }
  // The stored files (folder or bucket) and whatever is left in this node's scratch folder.
  const scratch = allFilesUnder(deps.storage.scratch).map((file) => `.incoming/${file}`);
  return { tables, files: [...(await listedNames(deps.storage)), ...scratch].sort() };
}
