import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAndMigrate } from '../../src/server/db/client.ts';
import { makeGalleryItem } from '../factories/index.ts';
import { sqliteGet, sqliteWrite } from '../setup/sqlite-file.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * SQLite's migration 0011 repaired gallery rows written before it (runs in the SQLite project only:
 * PostgreSQL's schema began after it).
 */
let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const migrationTime = (tag: string): number => {
  const journal = JSON.parse(fs.readFileSync(new URL('../../migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.find((entry) => entry.tag === tag)!.when;
};

describe('the gallery image migration', () => {
  it("turns the original product's text 'null' into a real NULL, so no code path meets it", async () => {
    const item = await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    await sqliteWrite(deps, `UPDATE gallery_items SET image = 'null' WHERE id = ?`, item.id);
    // Forget that 0011 ran, as a database written before it would be, and migrate again: the later
    // migrations are recorded, so drizzle alone would skip 0011 (db/migrations-skipped-sqlite.ts applies it).
    await sqliteWrite(deps, 'DELETE FROM __drizzle_migrations WHERE created_at = ?', migrationTime('0011_gallery_image_null'));
    await deps.db.close();
    const reopened = await openAndMigrate(deps.env.DATABASE_URL);
    try {
      expect(sqliteGet({ db: reopened }, 'SELECT image FROM gallery_items WHERE id = ?', item.id)).toEqual({ image: null });
    } finally {
      await reopened.close();
    }
  });
});
