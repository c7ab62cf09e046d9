import type { Db } from '../db/client.ts';
import { rebuildPostgresSearchIndex } from './rebuild-postgres.ts';
import { rebuildSqliteSearchIndex } from './rebuild-sqlite.ts';

/** Rebuilds the search index from the items, in one transaction (see rebuild-sqlite.ts and rebuild-postgres.ts). */
export async function rebuildSearchIndex(db: Db): Promise<{ documents: number }> {
  return db.dialect === 'sqlite' ? rebuildSqliteSearchIndex(db) : rebuildPostgresSearchIndex(db);
}
