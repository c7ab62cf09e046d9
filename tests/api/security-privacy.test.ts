import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMessages, stories, uploads } from '../../src/server/db/schema.ts';
import { applyRetention } from '../../src/server/security/retention.ts';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { makeContact, makeImageUpload, makeStory, makeUser, systemCaller, testPassword } from '../factories/index.ts';
import { allFilesUnder, snapshot } from '../setup/db-snapshot.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { trpcMutation } from '../setup/trpc-http.ts';
import { imageBlob } from './rest-kit.ts';
import { folderOf } from '../setup/stored.ts';

const sites = sitesStartedInTests();
afterEach(() => {
  vi.restoreAllMocks();
});

const visitorIp = '203.0.113.77';
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64; PrivacyProbe-7f3a9c) Gecko/20100101 Firefox/140.0';

/** Everything the process prints while it runs, through any console method. */
function captureOutput(): () => string {
  const printed: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 6 }))).join(' '));
    });
  }
  return () => printed.join('\n');
}

/** The needle in UTF-8 and UTF-16 (SQLite stores text in either), as raw bytes of a file. */
function occursIn(bytes: Buffer, needle: string): boolean {
  return bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'utf16le'));
}

/**
 * What the database holds, as bytes: on SQLite the raw file and its write-ahead log (not
 * checkpointed, so the latest writes are there); on PostgreSQL every row of every table.
 */
async function databaseBytes(deps: TestDeps): Promise<{ name: string; bytes: Buffer }[]> {
  if (deps.db.dialect === 'postgres') return [{ name: 'every row', bytes: Buffer.from(JSON.stringify((await snapshot(deps)).tables)) }];
  const files = ['site.db', 'site.db-wal', 'site.db-shm'].map((name) => path.join(deps.dir, name)).filter((file) => fs.existsSync(file));
  expect(files.map((file) => path.basename(file))).toEqual(expect.arrayContaining(['site.db', 'site.db-wal']));
  expect(fs.statSync(path.join(deps.dir, 'site.db-wal')).size).toBeGreaterThan(0);
  return files.map((file) => ({ name: file, bytes: fs.readFileSync(file) }));
}

describe('what the site keeps about a visitor', () => {
  it('stores and prints neither the address nor the browser of someone who writes, subscribes, uploads or signs in', async () => {
    const deps = sites.deps({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' });
    const server = await sites.serve(deps);
    const editor = await makeUser(deps);
    const printed = captureOutput();
    const visitor = new CookieClient(server.url);
    const headers = { 'User-Agent': userAgent, 'X-Forwarded-For': visitorIp };
    const form = async (fields: Record<string, string>, fileField: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append(fileField, await imageBlob('jpeg'), 'photo.jpg');
      return body;
    };

    const answers = [
      await visitor.fetch('/api/contact', {
        method: 'POST',
        headers,
        body: await form({ name: 'Zahra', email: 'zahra@example.org', message: 'Hello' }, 'image'),
      }),
      await visitor.fetch('/api/story', { method: 'POST', headers, body: await form({ title: 'My story', description: 'What happened.' }, 'media') }),
      await visitor.fetch('/api/subscribe', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.org' }),
      }),
      await visitor.fetch('/api/uploads', { method: 'POST', headers, body: await form({}, 'file') }),
    ].map((response) => response.status);
    expect(answers).toEqual([201, 201, 200, 201]);
    expect((await trpcMutation(visitor, 'contacts.create', { name: 'Leila', email: 'leila@example.org', message: 'Hi' }, headers)).status).toBe(200);
    expect((await trpcMutation(visitor, 'stories.create', { title: 'Another story', description: 'More.' }, headers)).status).toBe(200);
    expect((await trpcMutation(visitor, 'newsletter.subscribe', { email: 'reader2@example.org' }, headers)).status).toBe(200);
    // Refused and failed requests too: these are the ones servers like to log.
    expect((await trpcMutation(visitor, 'contacts.create', { name: '', email: 'x', message: '' }, headers)).status).toBe(400);
    expect(
      (await visitor.fetch('/api/contact', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"broken' })).status,
    ).toBe(400);
    expect((await trpcMutation(visitor, 'auth.login', { email: editor.email, password: 'wrong password' }, headers)).status).toBe(401);
    expect((await trpcMutation(new CookieClient(server.url), 'auth.login', { email: editor.email, password: testPassword }, headers)).status).toBe(200);

    expect(await deps.db.select().from(contactMessages)).toHaveLength(2);
    expect(await deps.db.select().from(stories)).toHaveLength(2);
    const database = await databaseBytes(deps);
    const stored = allFilesUnder(folderOf(deps.storage).root).map((file) => ({
      name: file,
      bytes: fs.readFileSync(path.join(folderOf(deps.storage).root, file)),
    }));
    for (const { name, bytes } of [...database, ...stored]) {
      expect(occursIn(bytes, visitorIp), `${visitorIp} in ${name}`).toBe(false);
      expect(occursIn(bytes, 'PrivacyProbe-7f3a9c'), `user agent in ${name}`).toBe(false);
    }
    // Control: the search does find what the visitors did send.
    expect(database.some(({ bytes }) => occursIn(bytes, 'zahra@example.org'))).toBe(true);

    const output = printed();
    expect(output).not.toContain(visitorIp);
    expect(output).not.toContain('PrivacyProbe');
  });
});

describe('applyRetention', () => {
  it('deletes archived messages and unpublished stories older than the limit, with their files and variants, and keeps the rest', async () => {
    const deps = sites.deps();
    const admin = systemCaller(deps, await makeUser(deps));
    const now = Date.UTC(2026, 5, 1);
    const day = 86_400_000;
    const withImage = async () => (await makeImageUpload(deps)).id;
    const items = {
      oldArchived: await makeContact(deps, { imageUploadId: await withImage() }),
      recentArchived: await makeContact(deps, { imageUploadId: await withImage() }),
      oldPending: await makeContact(deps, { imageUploadId: await withImage() }),
      oldRead: await makeContact(deps),
      oldUnpublished: await makeStory(deps, { mediaUploadId: await withImage() }),
      recentUnpublished: await makeStory(deps, { mediaUploadId: await withImage() }),
      oldPublished: await makeStory(deps, { mediaUploadId: await withImage() }),
    };
    for (const id of [items.oldArchived, items.recentArchived]) await admin.contacts.setStatus({ id, status: 'archived' });
    await admin.contacts.setStatus({ id: items.oldRead, status: 'read' });
    await admin.stories.publish({ id: items.oldPublished });
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    const contactAge = { oldArchived: 31, recentArchived: 29, oldPending: 400, oldRead: 400 } as const;
    await deps.db.transaction(async (tx) => {
      for (const [name, age] of Object.entries(contactAge))
        await tx
          .update(contactMessages)
          .set({ createdAt: at(age + 1), updatedAt: at(age) })
          .where(eq(contactMessages.id, items[name as keyof typeof contactAge]));
    });
    const storyAge = { oldUnpublished: 31, recentUnpublished: 29, oldPublished: 400 } as const;
    await deps.db.transaction(async (tx) => {
      for (const [name, age] of Object.entries(storyAge))
        await tx
          .update(stories)
          .set({ createdAt: at(age) })
          .where(eq(stories.id, items[name as keyof typeof storyAge]));
    });

    const imageOf = async (id: number) => ({
      p: (await deps.db.select({ p: contactMessages.image }).from(contactMessages).where(eq(contactMessages.id, id)))[0]!.p!,
    });
    const mediaOf = async (id: number) => ({ p: (await deps.db.select({ p: stories.media }).from(stories).where(eq(stories.id, id)))[0]!.p! });
    const pathOf = {
      oldArchived: await imageOf(items.oldArchived),
      recentArchived: await imageOf(items.recentArchived),
      oldPending: await imageOf(items.oldPending),
      oldUnpublished: await mediaOf(items.oldUnpublished),
      recentUnpublished: await mediaOf(items.recentUnpublished),
      oldPublished: await mediaOf(items.oldPublished),
    };
    const present = (stored: string) => [stored, ...allVariantPaths(stored)].map((file) => fs.existsSync(folderOf(deps.storage).absolute(file)));

    expect(await applyRetention(deps, 30, now)).toEqual({ contacts: 1, stories: 1 });

    expect((await deps.db.select({ id: contactMessages.id }).from(contactMessages)).map((row) => row.id).sort()).toEqual(
      [items.recentArchived, items.oldPending, items.oldRead].sort(),
    );
    expect((await deps.db.select({ id: stories.id }).from(stories)).map((row) => row.id).sort()).toEqual([items.recentUnpublished, items.oldPublished].sort());
    for (const gone of [pathOf.oldArchived.p, pathOf.oldUnpublished.p]) {
      expect(present(gone)).toEqual(Array(10).fill(false));
      expect((await deps.db.select().from(uploads)).map((row) => row.path)).not.toContain(gone);
    }
    for (const kept of [pathOf.recentArchived.p, pathOf.oldPending.p, pathOf.recentUnpublished.p, pathOf.oldPublished.p])
      expect(present(kept)).toEqual(Array(10).fill(true));
    // Retention 0 keeps everything, however old.
    expect(await applyRetention(deps, 0, now + 10_000 * day)).toEqual({ contacts: 0, stories: 0 });
  });
});
