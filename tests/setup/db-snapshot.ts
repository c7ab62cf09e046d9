import fs from 'node:fs';
import path from 'node:path';
import type { TestDeps } from './test-db.ts';

/** Every table of the site's own schema (not SQLite's or the migrator's bookkeeping). */
export function tableNames(deps: Pick<TestDeps, 'db'>): string[] {
  return (
    deps.db.$client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")
      .all() as {
      name: string;
    }[]
  ).map((row) => row.name);
}

/** Rows per table: what a refused request must leave as it was. */
export function rowCounts(deps: Pick<TestDeps, 'db'>): Record<string, number> {
  return Object.fromEntries(tableNames(deps).map((name) => [name, (deps.db.$client.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

/** Every file under a folder, dotted folders (.incoming) included, relative to it. */
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
 * file in the storage folder. `except` leaves tables out, for changes a test expects (an expired
 * session row is deleted when it is presented).
 */
export function snapshot(deps: Pick<TestDeps, 'db' | 'storage'>, options: { except?: readonly string[] } = {}): Snapshot {
  const tables: Record<string, unknown[]> = {};
  // Tables without a rowid (the search index's own bookkeeping) are ordered by their key.
  const withoutRowid = new Set(deps.db.$client.prepare("SELECT name FROM pragma_table_list WHERE wr = 1").pluck().all() as string[]);
  for (const name of tableNames(deps)) {
    if (options.except?.includes(name)) continue;
    tables[name] = deps.db.$client.prepare(`SELECT * FROM "${name}" ORDER BY ${withoutRowid.has(name) ? '1' : 'rowid'}`).all();
  }
  return { tables, files: allFilesUnder(deps.storage.root) };
}
