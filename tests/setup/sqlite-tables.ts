import type Database from 'better-sqlite3';

/** The SQLite side of db-snapshot.ts: the site's tables and their rows, read from the file. */
export function sqliteTableNames(reader: Database.Database): string[] {
  return reader
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")
    .pluck()
    .all() as string[];
}

export function sqliteRows(reader: Database.Database, name: string): unknown[] {
  // Tables without a rowid (the search index's own bookkeeping) are ordered by their key.
  const withoutRowid = (reader.prepare('SELECT wr FROM pragma_table_list WHERE name = ?').pluck().get(name) as number | undefined) === 1;
  return reader.prepare(`SELECT * FROM "${name}" ORDER BY ${withoutRowid ? '1' : 'rowid'}`).all();
}

/** The rows a counting statement answers (`name`, `n` per table). */
export function sqliteCounts(reader: Database.Database, statement: string): { name: string; n: number }[] {
  return reader.prepare(statement).all() as { name: string; n: number }[];
}
