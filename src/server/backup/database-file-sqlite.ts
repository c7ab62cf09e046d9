import Database from 'better-sqlite3';
import { sqliteOf, type Db } from '../db/client.ts';
import { eraseDeleted } from '../db/erase.ts';

/**
 * Writes a consistent copy of the site's SQLite database to `copy`, from the cleaned state: the log
 * folded in, then the copy rebuilt, so no page of it keeps the remains of a deleted row (free pages,
 * slack space) that the live file might still hold. SQLite's online backup runs on the writer in
 * the write queue's turn: no transaction of this process is open meanwhile (one would hold
 * uncommitted pages on that connection), and the site's writes wait for the copy, while reads go on.
 */
export async function copySqliteDatabase(db: Db, copy: string): Promise<void> {
  await eraseDeleted(db);
  const { writer } = sqliteOf(db);
  await db.exclusive(() => writer.backup(copy));
  const compact = new Database(copy);
  try {
    compact.pragma('secure_delete = ON');
    compact.exec('VACUUM');
    compact.pragma('journal_mode = DELETE');
  } finally {
    compact.close();
  }
}

/** SQLite's own verdict on a database file: 'ok', or what is wrong with it. */
export function sqliteIntegrity(file: string): string {
  const check = new Database(file, { readonly: true });
  try {
    return String(check.pragma('integrity_check', { simple: true }));
  } finally {
    check.close();
  }
}
