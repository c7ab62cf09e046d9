import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, newsletterSubscribers, stories, uploads } from '../../src/server/db/schema.ts';
import { recordFailedLogin } from '../../src/server/security/failed-logins.ts';
import { coarsenStoredSubmissionTimes } from '../../src/server/security/submission-times.ts';
import { FIXED_FILE_TIME } from '../../src/server/uploads/storage-folder.ts';
import { removeStaleUploads } from '../../src/server/uploads/store.ts';
import { makeContact, makeContent, makeImageUpload, makeStory, makeSubscriber, makeUser, systemCaller } from '../factories/index.ts';
import { publicCaller } from '../setup/callers.ts';
import { sqliteCheckpoint } from '../setup/sqlite-file.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let deps: TestDeps | undefined;
afterEach(async () => {
  await deps?.cleanup();
  deps = undefined;
});

/** Every time column a visitor's submission writes, as stored (milliseconds since 1970). */
async function storedTimes(d: TestDeps): Promise<Record<string, number[]>> {
  const times = (rows: Record<string, Date | null>[]) => rows.flatMap((row) => Object.values(row)).flatMap((value) => (value ? [value.getTime()] : []));
  return {
    stories: times(await d.db.select({ createdAt: stories.createdAt, updatedAt: stories.updatedAt }).from(stories)),
    contacts: times(await d.db.select({ createdAt: contactMessages.createdAt, updatedAt: contactMessages.updatedAt }).from(contactMessages)),
    subscribers: times(
      await d.db.select({ createdAt: newsletterSubscribers.createdAt, updatedAt: newsletterSubscribers.updatedAt }).from(newsletterSubscribers),
    ),
    uploads: times(await d.db.select({ createdAt: uploads.createdAt }).from(uploads)),
    // Only whether an upload is claimed matters: when, to the day whatever the setting.
    claims: times(await d.db.select({ attachedAt: uploads.attachedAt }).from(uploads)),
  };
}

async function visitorSubmissions(d: TestDeps) {
  await makeStory(d, { mediaUploadId: (await makeImageUpload(d)).id });
  await makeContact(d, { imageUploadId: (await makeImageUpload(d)).id });
  await makeSubscriber(d);
  await makeImageUpload(d);
}

describe('when a visitor’s submission arrived', () => {
  it('is kept to the day: stories, contact messages, subscriptions and uploads, with the day they came', async () => {
    deps = createTestDeps();
    const before = Date.now();
    await visitorSubmissions(deps);
    const today = Math.floor(before / DAY) * DAY;
    for (const [table, times] of Object.entries(await storedTimes(deps))) {
      expect(times.length, table).toBeGreaterThan(0);
      for (const time of times) {
        expect(time % DAY, `${table}: ${new Date(time).toISOString()}`).toBe(0);
        expect(time, table).toBeGreaterThanOrEqual(today);
        expect(time, table).toBeLessThanOrEqual(Date.now());
      }
    }
  });

  it('is kept to the hour when SUBMISSION_TIME_PRECISION=hour', async () => {
    deps = createTestDeps({ SUBMISSION_TIME_PRECISION: 'hour' });
    const before = Date.now();
    await visitorSubmissions(deps);
    for (const [table, times] of Object.entries(await storedTimes(deps))) {
      if (table === 'claims') continue;
      for (const time of times) {
        expect(time % HOUR, table).toBe(0);
        expect(time, table).toBeGreaterThanOrEqual(Math.floor(before / HOUR) * HOUR);
      }
    }
  });

  it('answers the visitor only the kept time', async () => {
    deps = createTestDeps();
    const answer = await publicCaller(deps).contacts.create({ name: 'Visitor', email: 'visitor@example.org', message: 'A message long enough.' });
    expect(answer.createdAt.getTime() % DAY).toBe(0);
    const story = await publicCaller(deps).stories.create({ title: 'A story', description: 'What happened to me.' });
    expect(story.createdAt.getTime() % DAY).toBe(0);
  });

  it('keeps a failed sign-in to its hour, the window its attempts are counted in', async () => {
    deps = createTestDeps();
    await recordFailedLogin(deps.db, { userId: null, account: 'someone@example.org' }, new Date(Date.UTC(2026, 10, 25, 9, 41, 7, 123)));
    await recordFailedLogin(deps.db, { userId: null, account: 'someone@example.org' }, new Date(Date.UTC(2026, 10, 25, 9, 58, 0, 1)));
    const rows = (await deps.db.select({ at: auditLog.at, attempts: auditLog.attempts }).from(auditLog).where(eq(auditLog.action, 'auth.loginFailed'))).map(
      (row) => ({
        at: row.at.getTime(),
        attempts: row.attempts,
      }),
    );
    expect(rows).toEqual([{ at: Date.UTC(2026, 10, 25, 9), attempts: 2 }]);
  });

  it('lists what came on one day newest first, ties broken by arrival order (id)', async () => {
    deps = createTestDeps();
    const ids = [await makeContact(deps), await makeContact(deps), await makeContact(deps)];
    const caller = systemCaller(deps, await makeUser(deps));
    expect((await caller.contacts.list({ status: 'pending' })).items.map((item) => item.id)).toEqual([...ids].reverse());
  });

  it('does not sweep an unclaimed upload before a whole day has passed, though its time says midnight', async () => {
    deps = createTestDeps();
    const upload = await makeImageUpload(deps);
    const [kept] = await deps.db.select({ createdAt: uploads.createdAt }).from(uploads).where(eq(uploads.id, upload.id));
    const keptTime = kept!.createdAt.getTime();
    // It may have come just before the next midnight: a minute past a day after its kept time, it may be a minute old.
    expect(await removeStaleUploads(deps, DAY, keptTime + DAY + 60_000)).toBe(0);
    expect(await removeStaleUploads(deps, DAY, keptTime + 2 * DAY + 1)).toBe(1);
  });

  it('coarsens at start the times an earlier version kept to the millisecond, and leaves no exact time in the files', async () => {
    deps = createTestDeps();
    const id = await makeContact(deps);
    const exact = Date.UTC(2026, 10, 24, 17, 23, 45, 678);
    await deps.db.transaction((tx) =>
      tx
        .update(contactMessages)
        .set({ createdAt: new Date(exact), updatedAt: new Date(exact) })
        .where(eq(contactMessages.id, id)),
    );
    await sqliteCheckpoint(deps);
    const bytes = Buffer.alloc(6);
    bytes.writeUIntBE(exact, 0, 6);
    expect(fs.readFileSync(deps.env.DATABASE_URL).includes(bytes)).toBe(true);
    expect(await coarsenStoredSubmissionTimes(deps.db, 'day')).toBeGreaterThan(0);
    const [row] = await deps.db.select({ createdAt: contactMessages.createdAt }).from(contactMessages);
    expect(row!.createdAt.getTime()).toBe(Date.UTC(2026, 10, 24));
    for (const file of [deps.env.DATABASE_URL, `${deps.env.DATABASE_URL}-wal`].filter((f) => fs.existsSync(f)))
      expect(fs.readFileSync(file).includes(bytes), file).toBe(false);
    // Run again, it finds nothing to do.
    expect(await coarsenStoredSubmissionTimes(deps.db, 'day')).toBe(0);
  });
});

/**
 * Every file and folder under the storage folder, with its times. Listing a folder sets its access
 * time: the walk reads each folder's times before listing it and puts them back after, so only
 * what the site did is seen.
 */
function storageEntries(root: string): { name: string; mtime: number; atime: number }[] {
  const out: { name: string; mtime: number; atime: number }[] = [];
  const visit = (full: string) => {
    const stat = fs.statSync(full);
    out.push({ name: path.relative(root, full) || '.', mtime: stat.mtimeMs, atime: stat.atimeMs });
    if (!stat.isDirectory()) return;
    for (const name of fs.readdirSync(full)) visit(path.join(full, name));
    fs.utimesSync(full, stat.atime, stat.mtime);
  };
  visit(root);
  return out;
}

const notFixed = (root: string) =>
  storageEntries(root).filter((entry) => entry.mtime !== FIXED_FILE_TIME.getTime() || entry.atime !== FIXED_FILE_TIME.getTime());

describe('stored files', () => {
  it('carry one fixed modification and access time, as do their variants and every folder, after storing, publishing, hiding and deleting', async () => {
    deps = createTestDeps();
    const caller = systemCaller(deps, await makeUser(deps));
    await makeImageUpload(deps);
    expect(notFixed(folderOf(deps.storage).root)).toEqual([]);
    // Published: moved to the public side with its variants.
    const item = await makeContent(deps, 'news');
    expect(storageEntries(folderOf(deps.storage).root).filter((entry) => entry.name.startsWith('images/')).length).toBeGreaterThan(1);
    expect(notFixed(folderOf(deps.storage).root)).toEqual([]);
    // Hidden again, then deleted with its files.
    await caller.news.update({ id: item.id, status: 'draft' });
    expect(notFixed(folderOf(deps.storage).root)).toEqual([]);
    await caller.news.delete({ id: item.id });
    expect(notFixed(folderOf(deps.storage).root)).toEqual([]);
  });

  it('get the fixed time at start when they came back from a backup or an earlier version with real times', async () => {
    deps = createTestDeps();
    const upload = await makeImageUpload(deps);
    const now = new Date();
    const file = folderOf(deps.storage).absolute(upload.path);
    fs.utimesSync(file, now, now);
    fs.utimesSync(path.dirname(file), now, now);
    expect(notFixed(folderOf(deps.storage).root).length).toBe(2);
    expect(await deps.storage.settleAllTimes()).toBeGreaterThanOrEqual(2);
    expect(notFixed(folderOf(deps.storage).root)).toEqual([]);
  });
});
