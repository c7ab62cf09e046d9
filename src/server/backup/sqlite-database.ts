import fs from 'node:fs';
import Database from 'better-sqlite3';
import { BackupError } from './format.ts';
import { ftsTables, knownMigrations, readFtsSettings, readSchema, referenceFor, type Reference, type SchemaRow } from './sqlite-reference.ts';

// SQLite's side of a restore (docs/decisions/020). A PostgreSQL back end brings its own module
// with the same two functions, comparing its catalog with a freshly migrated one.

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const JOURNAL = 'table "__drizzle_migrations"';

/** Fields of the file header that the site never changes from SQLite's defaults (sqlite.org/fileformat.html). */
const headerFields = [
  { name: 'page size', at: 16, length: 2 },
  { name: 'file format versions', at: 18, length: 2 },
  { name: 'reserved bytes per page', at: 20, length: 1 },
  { name: 'payload fractions', at: 21, length: 3 },
  { name: 'schema format', at: 44, length: 4 },
  { name: 'auto_vacuum (largest root page)', at: 52, length: 4 },
  { name: 'text encoding', at: 56, length: 4 },
  { name: 'user_version', at: 60, length: 4 },
  { name: 'incremental vacuum', at: 64, length: 4 },
  { name: 'application_id', at: 68, length: 4 },
];

function readHeader(file: string): Buffer {
  const header = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return header;
}

/** The file as SQLite writes it for the site: its header's fields, and exactly its pages, no bytes after them. */
function checkFile(file: string, label: string, expected: Buffer): void {
  const header = readHeader(file);
  if (!header.subarray(0, 16).equals(MAGIC)) throw new BackupError(`${label} is not an SQLite database.`);
  if (header[18] === 2 && header[19] === 2) throw new BackupError(`${label} was left in write-ahead log mode; the site's backups never are.`);
  for (const field of headerFields) {
    const actual = header.subarray(field.at, field.at + field.length);
    const wanted = expected.subarray(field.at, field.at + field.length);
    if (!actual.equals(wanted))
      throw new BackupError(
        `${label} is not written as the site writes its databases: its ${field.name} is ${actual.readUIntBE(0, field.length)}, not ${wanted.readUIntBE(0, field.length)}.`,
      );
  }
  const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  const pageCountValid = header.readUInt32BE(24) === header.readUInt32BE(92);
  const size = fs.statSync(file).size;
  if (!pageCountValid || size !== pageSize * pages)
    throw new BackupError(`${label} is not written as the site writes its databases: its ${pages} pages of ${pageSize} bytes do not make its ${size} bytes.`);
}

function compareSchema(actual: Map<string, SchemaRow>, expected: Reference, label: string): void {
  const problems: string[] = [];
  for (const [key, row] of actual) {
    const wanted = expected.schema.get(key);
    if (!wanted) problems.push(`a ${key} that they do not make`);
    else if (wanted.sql !== row.sql || wanted.tbl_name !== row.tbl_name) problems.push(`the ${key} differs from theirs`);
  }
  for (const key of expected.schema.keys()) if (!actual.has(key)) problems.push(`no ${key}`);
  if (problems.length)
    throw new BackupError(
      `${label} is not what this site's migrations make: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
    );
}

/** How many of our migrations the database's journal records, once each record is checked against ours. */
function migrationsRecorded(db: Database.Database, schema: Map<string, SchemaRow>, label: string): number {
  const known = knownMigrations();
  const latest = referenceFor(known.length);
  if (!schema.has(JOURNAL) || schema.get(JOURNAL)?.sql !== latest.schema.get(JOURNAL)?.sql)
    throw new BackupError(`${label} holds no migration journal of this site's.`);
  const rows = db.prepare(`SELECT hash, created_at FROM __drizzle_migrations ORDER BY rowid LIMIT ${known.length + 1}`).all() as {
    hash: unknown;
    created_at: unknown;
  }[];
  if (rows.length > known.length)
    throw new BackupError(
      `${label} was written by a newer version of the site (it records more than the ${known.length} migrations this one knows): update the site first.`,
    );
  if (!rows.length) throw new BackupError(`${label} records no migration of this site's.`);
  rows.forEach((row, i) => {
    const ours = known[i]!;
    if (row.hash !== ours.hash || String(row.created_at) !== ours.createdAt)
      throw new BackupError(`${label} is not what this site's migrations make: its record of migration ${i + 1} (${ours.tag}) differs from this site's.`);
  });
  return rows.length;
}

/**
 * Checks a backup's database file before anything is restored: its header as the site writes it;
 * a migration journal whose records are this version's migrations or a prefix of them (an older
 * version's backup; the site migrates it forward when it opens it); then exactly the tables,
 * indexes, triggers and views, with their SQL, that those migrations make on a fresh database, and
 * the search index's own settings; then SQLite's integrity and foreign-key checks. Nothing of the
 * file's schema runs meanwhile: it is opened read-only, with no function of the site's registered.
 * Throws a BackupError saying what differs.
 */
export function checkBackupDatabase(file: string, label: string): void {
  const known = knownMigrations();
  checkFile(file, label, referenceFor(known.length).header);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${label} cannot be opened: ${(error as Error).message}`);
  }
  try {
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    const schema = readSchema(db);
    const reference = referenceFor(migrationsRecorded(db, schema, label));
    compareSchema(schema, reference, label);
    const settings = readFtsSettings(db, ftsTables(reference.schema));
    for (const [table, rows] of settings) {
      if (rows !== reference.ftsSettings.get(table))
        throw new BackupError(`${label} is not what this site's migrations make: the settings of "${table}" differ from the ones the site makes.`);
    }
    const verdict = db.pragma('integrity_check(20)', { simple: true });
    if (verdict !== 'ok') throw new BackupError(`${label} fails its integrity check: ${String(verdict)}`);
    const broken = db.prepare('PRAGMA foreign_key_check').get() as { table: string; parent: string } | undefined;
    if (broken) throw new BackupError(`${label} fails its foreign-key check: a row of "${broken.table}" names a missing row of "${broken.parent}".`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${label} cannot be read (its integrity check cannot even start): ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Rewrites a checked database from its rows alone, as the site's backups are made: free pages and
 * the slack of pages (a deleted row an older version did not overwrite) are not restored; the
 * search index's structure is checked too, now that the file is known to be the site's.
 */
export function compactBackupDatabase(file: string, label: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('trusted_schema = OFF');
    for (const table of ftsTables(readSchema(db))) {
      try {
        db.prepare(`INSERT INTO "${table}" ("${table}", rank) VALUES ('integrity-check', 0)`).run();
      } catch (error) {
        throw new BackupError(`${label} holds a damaged search index "${table}": ${(error as Error).message}`);
      }
    }
    db.pragma('secure_delete = ON');
    db.exec('VACUUM');
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}
