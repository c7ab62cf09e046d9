import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createBackup } from '../../src/server/backup/archive.ts';
import { openAndMigrate } from '../../src/server/db/client.ts';
import { contactMessages, stories } from '../../src/server/db/schema.ts';
import { applyRetention } from '../../src/server/security/retention.ts';
import { makeContact, makeContent, makeStory, makeSubscriber, systemCaller, makeUser, unique } from '../factories/index.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { sqliteCheckpoint, sqliteValue } from '../setup/sqlite-file.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps | undefined;
afterEach(async () => {
  await deps?.cleanup();
  deps = undefined;
});

/** The raw files a thief or a forensic tool would read: the database and its write-ahead log. */
function rawFiles(d: TestDeps): string[] {
  const file = d.env.DATABASE_URL;
  return [file, `${file}-wal`, `${file}-journal`].filter((candidate) => fs.existsSync(candidate));
}

/** Whether `text` appears in any of the files, as UTF-8 bytes (how SQLite stores it). */
function foundIn(files: string[], text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return files.filter((file) => fs.readFileSync(file).includes(needle));
}

/** A live site: some content, and enough writes that pages were checkpointed before the deletion. */
async function busySite() {
  deps = createTestDeps();
  const editor = await makeUser(deps);
  for (let i = 0; i < 3; i += 1) await makeContent(deps, 'news');
  return { deps, editor, caller: systemCaller(deps, editor) };
}

const secret = () => `${unique('zq')}-only-this-row-says-this`;

describe('deleted private data is gone from the files on disk', () => {
  it('leaves no trace of a deleted story in the database file or its log', async () => {
    const { deps, caller } = await busySite();
    const text = secret();
    const id = await makeStory(deps, { description: `My account: ${text}` });
    // Written, and folded into the main file once, as an ordinary checkpoint would.
    await sqliteCheckpoint(deps, 'PASSIVE');
    expect(foundIn(rawFiles(deps), text).length).toBeGreaterThan(0);
    await caller.stories.delete({ id });
    expect(foundIn(rawFiles(deps), text)).toEqual([]);
  });

  it('leaves no trace of a deleted contact message (name, e-mail, message) or a removed subscriber', async () => {
    const { deps, caller } = await busySite();
    const words = { name: secret(), email: `${unique('hidden')}@example.org`, message: secret() };
    const id = await makeContact(deps, words);
    const subscriber = await makeSubscriber(deps, `${unique('subscriber')}@example.org`);
    expect(foundIn(rawFiles(deps), words.message).length).toBeGreaterThan(0);
    await caller.contacts.delete({ id });
    const subscriberId = (await caller.newsletter.list({})).items.find((item) => item.email === subscriber)!.id;
    await caller.newsletter.delete({ id: subscriberId });
    for (const text of [words.name, words.email, words.message, subscriber]) expect(foundIn(rawFiles(deps), text)).toEqual([]);
  });

  it('keeps no words of a story, message or subscriber in the activity log, so deleting them leaves nothing behind', async () => {
    const { deps, caller } = await busySite();
    const story = { title: secret(), description: secret() };
    const storyId = await makeStory(deps, story);
    const contact = { name: secret(), email: `${unique('hidden')}@example.org`, message: secret() };
    const contactId = await makeContact(deps, contact);
    const subscriber = await makeSubscriber(deps, `${unique('subscriber')}@example.org`);
    // What editors do with them, each step written to the activity log.
    await caller.stories.publish({ id: storyId });
    await caller.stories.unpublish({ id: storyId });
    await caller.contacts.open({ id: contactId });
    await caller.contacts.setStatus({ id: contactId, status: 'archived' });
    await caller.stories.delete({ id: storyId });
    await caller.contacts.delete({ id: contactId });
    const subscriberId = (await caller.newsletter.list({})).items.find((item) => item.email === subscriber)!.id;
    await caller.newsletter.delete({ id: subscriberId });
    // The log still says what was done to which item.
    const { items } = await caller.audit.list({});
    expect(items.map((item) => `${item.action} ${item.targetId}`)).toEqual(
      expect.arrayContaining([
        `stories.publish ${storyId}`,
        `stories.delete ${storyId}`,
        `contacts.setStatus ${contactId}`,
        `newsletter.delete ${subscriberId}`,
      ]),
    );
    for (const text of [story.title, story.description, contact.name, contact.email, contact.message, subscriber])
      expect(foundIn(rawFiles(deps), text)).toEqual([]);
  });

  it('every editor action on what visitors send declares that the activity log keeps no words of it', () => {
    const visitorsItems = allProcedures.filter(
      ({ path: name, type, guarded }) => guarded && type === 'mutation' && /^(stories|contacts|newsletter)\./.test(name),
    );
    expect(visitorsItems.length).toBeGreaterThanOrEqual(7);
    expect(visitorsItems.filter(({ meta }) => meta?.auditLabel !== false).map(({ path: name }) => name)).toEqual([]);
  });

  it('leaves no trace of what a retention run deleted', async () => {
    const { deps, caller } = await busySite();
    const text = secret();
    const id = await makeContact(deps, { message: text });
    await caller.contacts.setStatus({ id, status: 'archived' });
    await deps.db.transaction((tx) =>
      tx
        .update(contactMessages)
        .set({ updatedAt: new Date(Date.now() - 40 * 86_400_000) })
        .where(eq(contactMessages.id, id)),
    );
    const storyText = secret();
    const storyId = await makeStory(deps, { description: storyText });
    await deps.db.transaction((tx) =>
      tx
        .update(stories)
        .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
        .where(eq(stories.id, storyId)),
    );
    await sqliteCheckpoint(deps, 'PASSIVE');
    expect(foundIn(rawFiles(deps), storyText).length).toBeGreaterThan(0);
    expect(await applyRetention(deps, 30)).toEqual({ contacts: 1, stories: 1 });
    expect(foundIn(rawFiles(deps), text)).toEqual([]);
    expect(foundIn(rawFiles(deps), storyText)).toEqual([]);
  });

  it('makes backups from the cleaned state: the archive holds no deleted row, even one deleted while its pages sat in the log', async () => {
    const { deps, caller } = await busySite();
    const kept = secret();
    await makeStory(deps, { description: kept });
    const text = secret();
    const id = await makeStory(deps, { description: text });
    await sqliteCheckpoint(deps, 'PASSIVE');
    await caller.stories.delete({ id });
    const archive = path.join(deps.dir, 'backup.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);
    const unpacked = zlib.gunzipSync(fs.readFileSync(archive));
    expect(unpacked.includes(Buffer.from(kept))).toBe(true);
    expect(unpacked.includes(Buffer.from(text))).toBe(false);
  });

  it('makes backups without rows deleted long ago without overwriting (an earlier version of the site, another tool)', async () => {
    const { deps } = await busySite();
    const text = secret();
    deleteWithoutOverwriting(deps.env.DATABASE_URL, text);
    // The live file still holds it in a free page; the archive, rebuilt, does not.
    expect(foundIn(rawFiles(deps), text)).toEqual([deps.env.DATABASE_URL]);
    const archive = path.join(deps.dir, 'backup.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);
    expect(zlib.gunzipSync(fs.readFileSync(archive)).includes(Buffer.from(text))).toBe(false);
  });

  it('rebuilds a database once, at start, so rows an earlier version deleted without overwriting are gone too', async () => {
    deps = createTestDeps();
    const file = deps.env.DATABASE_URL;
    const text = secret();
    await deps.db.close();
    deleteWithoutOverwriting(file, text);
    // A database from before this version has not been scrubbed yet.
    const old = new Database(file);
    old.exec("DELETE FROM site_state WHERE key = 'deleted_rows_scrubbed'");
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    expect(foundIn(rawFiles(deps), text)).toEqual([file]);
    const reopened = await openAndMigrate(file);
    try {
      expect(foundIn(rawFiles(deps), text)).toEqual([]);
      // Once: the next start finds it done and rebuilds nothing.
      expect(sqliteValue({ db: reopened }, "SELECT value FROM site_state WHERE key = 'deleted_rows_scrubbed'")).toBe(1);
    } finally {
      await reopened.close();
    }
  });
});

/** Writes a row holding `text` into the file and deletes it as SQLite does without secure_delete: unlinked, its bytes left in a free page. */
function deleteWithoutOverwriting(file: string, text: string): void {
  const raw = new Database(file);
  try {
    raw.pragma('secure_delete = OFF');
    raw.exec('CREATE TABLE leftover (body TEXT)');
    raw.prepare('INSERT INTO leftover (body) VALUES (?)').run(`${text} ${'x'.repeat(2000)}`);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.exec('DROP TABLE leftover');
    raw.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    raw.close();
  }
}
