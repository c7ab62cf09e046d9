import { sqliteOf, type Db } from '../src/server/db/client.ts';

/**
 * Turns the erasure watch off on an SQLite site's writer (src/server/db/erase-sqlite.ts): its
 * temporary triggers dropped, so deletions end without the TRUNCATE checkpoint, for comparison.
 */
export async function dropErasureWatch(db: Db): Promise<void> {
  const { writer } = sqliteOf(db);
  await db.exclusive(() => {
    for (const name of writer.prepare("SELECT name FROM sqlite_temp_schema WHERE type = 'trigger'").pluck().all() as string[])
      writer.exec(`DROP TRIGGER temp."${name}"`);
  });
}
