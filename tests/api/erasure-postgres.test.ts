import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkErasureSetup } from '../../src/server/db/erase-postgres.ts';
import { eraseDeleted } from '../../src/server/db/erase.ts';
import { contactMessages, stories } from '../../src/server/db/schema.ts';
import { openDatabase, postgresOf, type Db } from '../../src/server/db/client.ts';
import { pgFilesHolding } from '../setup/pg-data-files.ts';
import { freshDatabaseUrl, newTestDir } from '../setup/test-db.ts';

// The database alone: what is tested is the engine's files, not the procedures above it.
let deps: { db: Db };
beforeAll(() => {
  deps = { db: openDatabase(freshDatabaseUrl(newTestDir('t'))) };
});
afterAll(() => deps.db.close());

describe('erasure on PostgreSQL', () => {
  it('finds this server set up to keep the promise', async () => {
    expect(await checkErasureSetup(deps.db)).toEqual({ ok: true, problems: [] });
  });

  it('names the schemas a restore kept, which hold deleted items out of its reach, until they are dropped', async () => {
    const { pool } = postgresOf(deps.db);
    await pool.query('CREATE SCHEMA public_before_restore_1795700000000');
    try {
      const setup = await checkErasureSetup(deps.db);
      expect(setup.ok).toBe(false);
      expect(setup.problems).toEqual([expect.stringContaining('DROP SCHEMA … CASCADE each of: public_before_restore_1795700000000')]);
    } finally {
      await pool.query('DROP SCHEMA public_before_restore_1795700000000');
    }
    expect(await checkErasureSetup(deps.db)).toEqual({ ok: true, problems: [] });
  });

  it('leaves no copy of a deleted story or message in any file of the data directory', async () => {
    // One word to the search's tokenizer, so its search documents and word counts hold it whole too.
    const marker = `erasuremarker${Date.now()}`;
    const [story] = await deps.db.transaction((tx) =>
      tx
        .insert(stories)
        .values({ title: `${marker} title`, description: `A long story. ${marker} `.repeat(50) })
        .returning({ id: stories.id }),
    );
    const [message] = await deps.db.transaction((tx) =>
      tx
        .insert(contactMessages)
        .values({ name: 'Sender', email: 'sender@example.org', message: `${marker} message` })
        .returning({ id: contactMessages.id }),
    );
    // Edited a few times: each version is another tuple and another WAL record.
    for (let round = 0; round < 3; round++) {
      await deps.db.transaction((tx) =>
        tx
          .update(stories)
          .set({ title: `${marker} title ${round}` })
          .where(eq(stories.id, story!.id)),
      );
    }
    await deps.db.transaction(async (tx) => {
      await tx.delete(stories).where(eq(stories.id, story!.id));
      await tx.delete(contactMessages).where(eq(contactMessages.id, message!.id));
    });
    expect(pgFilesHolding(marker)[marker]!.length).toBeGreaterThan(0);
    await eraseDeleted(deps.db, ['stories', 'contact_messages']);
    expect(pgFilesHolding(marker)).toEqual({ [marker]: [] });
  });

  it("rewrites only the stories' search documents and word counts after a story's delete, not every public item's, which searches wait for", async () => {
    const { pool } = postgresOf(deps.db);
    const fileOf = async (table: string) => (await pool.query<{ file: string }>('SELECT pg_relation_filenode($1) AS file', [table])).rows[0]!.file;
    const tables = ['search_documents_items', 'search_documents_stories', 'search_lexemes_items', 'search_lexemes_stories'];
    const files = () => Promise.all(tables.map(fileOf));
    const before = await files();
    const [story] = await deps.db.transaction((tx) =>
      tx.insert(stories).values({ title: 'A story to delete', description: 'Its words.' }).returning({ id: stories.id }),
    );
    await deps.db.transaction((tx) => tx.delete(stories).where(eq(stories.id, story!.id)));
    await eraseDeleted(deps.db, ['stories']);
    const after = await files();
    // The stories' documents and word counts rewritten, the public items' left as they were.
    expect(tables.filter((_, index) => after[index] !== before[index])).toEqual(['search_documents_stories', 'search_lexemes_stories']);
  });
});
