import { getTableName, type Table } from 'drizzle-orm';
import { sqliteOf, type Db } from './client.ts';
import { erasePostgres } from './erase-postgres.ts';
import { eraseNowSqlite } from './erase-sqlite.ts';

/**
 * Makes deleted private data (a story, a contact message, a subscriber) unrecoverable from the
 * database files at once. On SQLite every deletion is already erased by the watch on the writer
 * (erase-sqlite.ts); a call erases at once what else the log holds (words overwritten without a
 * delete, before a backup), in the write queue's turn, so no transaction of this process is open.
 * On PostgreSQL the tables named (all the site's by default) are rewritten: see erase-postgres.ts.
 */
export async function eraseDeleted(db: Db, tables?: readonly string[]): Promise<void> {
  if (db.dialect === 'postgres') return erasePostgres(db, tables);
  const { writer } = sqliteOf(db);
  await db.exclusive(() => eraseNowSqlite(writer));
}

/** The names of tables, for eraseDeleted. */
export const tablesNamed = (tables: readonly Table[]) => tables.map((table) => getTableName(table));

const SCRUBBED = 'deleted_rows_scrubbed';

/**
 * Once per database file: rebuilds it (VACUUM) so rows deleted before `secure_delete` was on (by an
 * earlier version of the site, or any tool that deleted without it) do not linger in its free pages
 * and slack space. Later deletions are overwritten as they happen. Run at open, after migrations;
 * a database already scrubbed costs one lookup.
 */
export async function scrubEarlierDeletionsOnce(db: Db): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  const { writer } = sqliteOf(db);
  await db.exclusive(() => {
    if (writer.prepare('SELECT 1 FROM site_state WHERE key = ?').get(SCRUBBED)) return;
    writer.exec('VACUUM');
    writer.prepare('INSERT INTO site_state (key, value) VALUES (?, 1) ON CONFLICT (key) DO NOTHING').run(SCRUBBED);
    writer.pragma('wal_checkpoint(TRUNCATE)');
  });
}
