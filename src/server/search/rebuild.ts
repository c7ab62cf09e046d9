import type { Db } from '../db/client.ts';
import { rebuildSqliteSearchIndex } from './rebuild-sqlite.ts';

/** Rebuilds the search index from the items, in one transaction (see rebuild-sqlite.ts). */
export async function rebuildSearchIndex(db: Db): Promise<{ documents: number }> {
  if (db.dialect !== 'sqlite') throw new Error('Rebuilding the search index is not available on PostgreSQL yet.');
  return rebuildSqliteSearchIndex(db);
}
