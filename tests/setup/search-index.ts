import { postgresOf, type Db } from '../../src/server/db/client.ts';
import { sqliteCheckpoint, sqliteExec, sqliteValue } from './sqlite-file.ts';

/**
 * The search index's own tables, on either engine, for the suites that break, empty or count it:
 * SQLite's FTS5 index and documents (migrations/0005), PostgreSQL's documents and notes
 * (migrations-pg/0001). Statements on PostgreSQL run outside the site's transactions, as a tool would.
 */
type Site = { db: Db };

const pool = (site: Site) => postgresOf(site.db).pool;

/** Documents the index holds. */
export async function searchDocumentCount(site: Site): Promise<number> {
  if (site.db.dialect === 'sqlite') return sqliteValue<number>(site, 'SELECT count(*) FROM search_documents')!;
  return (await pool(site).query<{ count: number }>('SELECT count(*)::int AS count FROM search_documents')).rows[0]!.count;
}

/** Changed items not yet indexed (PostgreSQL only; SQLite's triggers index at once). */
export async function searchPendingCount(site: Site): Promise<number> {
  if (site.db.dialect === 'sqlite') return 0;
  return (await pool(site).query<{ count: number }>('SELECT count(*)::int AS count FROM search_pending')).rows[0]!.count;
}

/** Loses the index (what a restore from an old backup or a broken tool would leave), items untouched. */
export async function emptySearchIndex(site: Site): Promise<void> {
  if (site.db.dialect === 'sqlite') {
    await sqliteExec(site, 'DELETE FROM search_index; DELETE FROM search_documents;');
    // Another process (the rebuild command) reads the file next.
    await sqliteCheckpoint(site);
  } else await pool(site).query('DELETE FROM search_documents; UPDATE search_totals SET documents = 0, tokens = 0; DELETE FROM search_lexemes');
}

/** Breaks the index, so every search fails inside the engine. */
export async function breakSearchIndex(site: Site): Promise<void> {
  if (site.db.dialect === 'sqlite') await sqliteExec(site, 'DROP TABLE search_index');
  else await pool(site).query('DROP TABLE search_documents');
}
