import { sql } from 'drizzle-orm';
import { execute, type Db } from '../db/client.ts';

/**
 * Rebuilds PostgreSQL's search documents from the items, in one transaction (readers see the old
 * ones until it commits): every document dropped, every item noted, and the data layer's step
 * before COMMIT (search/index-postgres.ts) writes them all again, oldest first so ids follow dates.
 */
export async function rebuildPostgresSearchIndex(db: Db): Promise<{ documents: number }> {
  return db.transaction(async (tx) => {
    // Taken first, as every writer of documents takes it (index-postgres.ts).
    await execute(tx, sql`SELECT 1 FROM search_totals FOR UPDATE`);
    await execute(tx, sql`DELETE FROM search_documents`);
    await execute(tx, sql`UPDATE search_totals SET documents = 0, tokens = 0`);
    // The words' counts start afresh too, whatever they held.
    await execute(tx, sql`DELETE FROM search_lexemes`);
    await execute(tx, sql`INSERT INTO search_pending (type, item_id) SELECT type, item_id FROM search_sources ON CONFLICT DO NOTHING`);
    await execute(tx, sql`SELECT set_config('site.search_pending', '1', true)`);
    const [row] = (
      await (tx as unknown as { execute(query: unknown): Promise<{ rows: { count: number }[] }> }).execute(
        sql`SELECT count(*)::int AS count FROM search_pending`,
      )
    ).rows;
    return { documents: row?.count ?? 0 };
  });
}
