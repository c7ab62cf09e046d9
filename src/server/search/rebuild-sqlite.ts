import { sqliteOf, type Db } from '../db/client.ts';
import { RECENT_DOCUMENTS } from './engine.ts';

/**
 * Rebuilds SQLite's search index from the items, in one transaction (readers see the old index
 * until it commits): every document again from search_meta and search_texts, oldest first so that
 * row ids follow dates, the newest of them into search_recent too (engine.ts), then each index's
 * segments merged into one. The statements run on the writer, inside the site's transaction
 * (which begins IMMEDIATE, db/sqlite-engine.ts).
 */
export async function rebuildSqliteSearchIndex(db: Db): Promise<{ documents: number }> {
  const { writer } = sqliteOf(db);
  const documents = await db.transaction(async () => {
    writer.exec(`
      DELETE FROM search_recent;
      DELETE FROM search_index;
      DELETE FROM search_documents;
      INSERT INTO search_documents (type, item_id, country, date, public_since, title_key_en, title_key_fa)
        SELECT type, item_id, country, date, public_since, title_key_en, title_key_fa FROM search_meta ORDER BY date, type, item_id;
      INSERT INTO search_index (rowid, title_en, title_fa, body_en, body_fa, spellings, facets)
        SELECT d.id, t.title_en, t.title_fa, t.body_en, t.body_fa, t.spellings, t.facets
        FROM search_documents d JOIN search_texts t ON t.type = d.type AND t.item_id = d.item_id;
      INSERT INTO search_recent (rowid, title_en, title_fa, body_en, body_fa, spellings, facets)
        SELECT rowid, title_en, title_fa, body_en, body_fa, spellings, facets FROM search_index
        WHERE rowid >= coalesce((SELECT id FROM search_documents ORDER BY id DESC LIMIT 1 OFFSET ${RECENT_DOCUMENTS - 1}), 0);
      INSERT INTO search_index (search_index) VALUES ('optimize');
      INSERT INTO search_recent (search_recent) VALUES ('optimize');
    `);
    return writer.prepare('SELECT count(*) FROM search_documents').pluck().get() as number;
  });
  return { documents };
}
