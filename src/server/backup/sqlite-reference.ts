import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { connectSqlite, migrationsFolder as sqliteMigrations } from '../db/sqlite-engine.ts';

const migrationsFolder = sqliteMigrations('sqlite');

export interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** What a database made by the first `count` of this site's migrations is, to compare a backup's with. */
export interface Reference {
  /** The first 100 bytes of the file: page size, encoding, versions, vacuum mode. */
  header: Buffer;
  /** Every table, index, trigger and view (SQLite's own and the search index's shadow tables included), by `type "name"`. */
  schema: Map<string, SchemaRow>;
  /** The rows of each FTS5 table's settings (`<name>_config`: secure-delete and the like), as JSON. */
  ftsSettings: Map<string, string>;
}

export interface JournalEntry {
  tag: string;
  hash: string;
  createdAt: string;
}

export const schemaKey = (row: Pick<SchemaRow, 'type' | 'name'>) => `${row.type} "${row.name}"`;

export function readSchema(db: Database.Database): Map<string, SchemaRow> {
  const rows = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema').all() as SchemaRow[];
  return new Map(rows.map((row) => [schemaKey(row), row]));
}

export function ftsTables(schema: Map<string, SchemaRow>): string[] {
  return [...schema.values()].filter((row) => row.type === 'table' && /\bUSING\s+fts5\b/i.test(row.sql ?? '')).map((row) => row.name);
}

/**
 * The settings an FTS5 table keeps in its `_config` table, but its format version: FTS5 moves that
 * from 4 to 5 itself at the first secure delete, and refuses any version it does not know.
 */
export function readFtsSettings(db: Database.Database, tables: string[]): Map<string, string> {
  return new Map(tables.map((table) => [table, JSON.stringify(db.prepare(`SELECT k, v FROM "${table}_config" WHERE k <> 'version' ORDER BY k`).all())]));
}

interface Journal {
  entries: { tag: string }[];
}

const readJournal = () => JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const journalTags = () => readJournal().entries.map((entry) => entry.tag);

/** Migrates a new database file in `dir` with the first `count` migrations only (a copy of the folder with its journal cut). */
function migrateFirst(dir: string, count: number): string {
  const folder = path.join(dir, 'migrations');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = readJournal();
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  const file = path.join(dir, 'reference.db');
  // The same settings as the site's connection, and the search functions that migrations call.
  const sqlite = connectSqlite(file, 'writer');
  try {
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    sqlite.pragma('journal_mode = DELETE');
  } finally {
    sqlite.close();
  }
  return file;
}

const references = new Map<number, Reference & { journal: JournalEntry[] }>();

/** This version's migrations, as drizzle records them in `__drizzle_migrations` (hash of the SQL file, its journal time). */
export function knownMigrations(): JournalEntry[] {
  return referenceFor(journalTags().length).journal;
}

/** The reference for a database made by the first `count` migrations; built once per process and count. */
export function referenceFor(count: number): Reference & { journal: JournalEntry[] } {
  const known = references.get(count);
  if (known) return known;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-reference-'));
  try {
    const file = migrateFirst(dir, count);
    const header = Buffer.alloc(100);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, header, 0, header.length, 0);
    fs.closeSync(fd);
    const db = new Database(file, { readonly: true });
    try {
      const schema = readSchema(db);
      const tags = journalTags();
      const rows = db.prepare('SELECT hash, created_at AS createdAt FROM __drizzle_migrations ORDER BY rowid').all() as { hash: string; createdAt: unknown }[];
      const journal = rows.map((row, i) => ({ tag: tags[i] ?? '?', hash: row.hash, createdAt: String(row.createdAt) }));
      const reference = { header, schema, ftsSettings: readFtsSettings(db, ftsTables(schema)), journal };
      references.set(count, reference);
      return reference;
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
