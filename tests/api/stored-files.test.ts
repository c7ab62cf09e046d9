import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../../src/server/backup/archive.ts';
import { uploads } from '../../src/server/db/schema.ts';
import { envFor } from '../../src/server/env.ts';
import { cleanStorage } from '../../src/server/uploads/orphans.ts';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { makeContent, makeLegalItem, makeUser } from '../factories/index.ts';
import { makeStoryWithImage } from '../factories/admin-content.ts';
import { makeVideoUpload } from '../factories/media.ts';
import { editorCaller } from '../factories/public-content.ts';
import { fillSite, siteState } from '../setup/backup-site.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { listedNames, storedBytes, storedFile } from '../setup/stored.ts';
import { freshDatabaseUrl, newTestDir, testDepsIn, testStorage, testStorageEnv } from '../setup/test-db.ts';
import { holdSession } from '../setup/trpc-http.ts';

// The same suite runs on the storage folder (project api) and on a bucket (project api-bucket).
const site = siteForEachTest();

describe(`stored files in the ${testStorage}`, () => {
  it('streams a published video from the site’s own address, with ranges for seeking, validators and a year of caching', async () => {
    const stem = await makeVideoUpload(site.deps);
    await makeLegalItem(site.deps, { mediaUploadId: stem.id });
    const whole = await storedFile(site.deps.storage, stem.path);
    const reader = new CookieClient(site.server.url);

    const full = await reader.fetch(`/storage/${stem.path}`, { redirect: 'manual' });
    expect(full.status).toBe(200);
    expect(full.headers.get('location')).toBeNull();
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await full.arrayBuffer())).toEqual(whole);
    const etag = full.headers.get('etag')!;

    const middle = await reader.fetch(`/storage/${stem.path}`, { headers: { range: 'bytes=100-1099' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(whole.subarray(100, 1100));

    const tail = await reader.fetch(`/storage/${stem.path}`, { headers: { range: 'bytes=-7' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 7));

    const past = await reader.fetch(`/storage/${stem.path}`, { headers: { range: `bytes=${whole.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);

    const again = await reader.fetch(`/storage/${stem.path}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const head = await reader.fetch(`/storage/${stem.path}`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(whole.length));
  });

  it('gives an editor a range of a pending story’s private photo, and nobody else anything', async () => {
    const id = await makeStoryWithImage(site.deps);
    const story = await (await editorCaller(site.deps)).stories.byId({ id });
    const photo = story.media!;
    const whole = (await storedBytes(site.deps.storage, photo, 'private'))!;
    expect(await site.deps.storage.stat(photo, 'public')).toBeNull();
    const editor = new CookieClient(site.server.url);
    await holdSession(editor, await sessionTokenFor(site.deps, await makeUser(site.deps)));
    const part = await editor.fetch(`/media/private/${photo}`, { headers: { range: 'bytes=5-40' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(5, 41));
    const anonymous = new CookieClient(site.server.url);
    for (const url of [`/media/private/${photo}`, `/storage/${photo}`]) expect((await anonymous.fetch(url, { redirect: 'manual' })).status).toBe(404);
  });

  it('deletes a story’s photo with every variant of it, and a picture removed from the library', async () => {
    const editor = await editorCaller(site.deps);
    const namesOf = async (stored: string) => (await listedNames(site.deps.storage)).filter((name) => name.includes(path.basename(stored).split('.')[0]!));
    const story = await editor.stories.byId({ id: await makeStoryWithImage(site.deps) });
    expect(await namesOf(story.media!)).toHaveLength(10);
    await editor.stories.delete({ id: story.id });
    expect(await namesOf(story.media!)).toEqual([]);

    // An item's cover stays in the picture library when the item goes; removing it from there deletes it.
    const { id, image } = await makeContent(site.deps, 'news');
    await editor.news.delete({ id });
    expect(await namesOf(image!)).toHaveLength(10);
    const [picture] = await site.deps.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.path, image!));
    await editor.library.remove({ id: picture!.id });
    expect(await namesOf(image!)).toEqual([]);
  });

  it('cleans files nothing references and uploads never attached, with a dry run that changes nothing', async () => {
    const { image } = await makeContent(site.deps, 'news');
    const forgotten = await makeVideoUpload(site.deps);
    // A file whose row went away (a delete that failed half-way, or a file put there by hand).
    await site.deps.db.transaction((tx) => tx.delete(uploads).where(eq(uploads.path, forgotten.path)));
    const stale = await makeVideoUpload(site.deps);
    await site.deps.db.transaction((tx) =>
      tx
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
        .where(eq(uploads.id, stale.id)),
    );
    const fresh = await makeVideoUpload(site.deps);
    const before = await listedNames(site.deps.storage);

    const dry = await cleanStorage(site.deps, { dryRun: true });
    expect(dry).toMatchObject({ staleUploads: 1, orphans: [`private/${forgotten.path}`], strays: [] });
    expect(await listedNames(site.deps.storage)).toEqual(before);
    expect(await site.deps.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, stale.id))).toHaveLength(1);

    const done = await cleanStorage(site.deps, { dryRun: false });
    expect(done.orphans).toEqual([`private/${forgotten.path}`]);
    const after = await listedNames(site.deps.storage);
    expect(after).not.toContain(`private/${forgotten.path}`);
    expect(after).not.toContain(`private/${stale.path}`);
    expect(after).toContain(`private/${fresh.path}`);
    for (const name of [image!, ...allVariantPaths(image!)]) expect(after).toContain(name);
  });

  it('backs up every file and brings them back on a new site, each on its side', async () => {
    await fillSite(site.deps);
    const before = await siteState(site.deps);
    const archive = path.join(site.deps.dir, 'site.tar.gz');
    await createBackup({ db: site.deps.db, storage: site.deps.storage }, archive);

    const dir = newTestDir('t');
    const settings: Record<string, string> = { DATABASE_URL: freshDatabaseUrl(dir), ...testStorageEnv(dir) };
    await restoreBackup(archive, { dbFile: settings.DATABASE_URL!, storageDir: settings.STORAGE_DIR!, storageUrl: settings.STORAGE_URL });
    const restored = testDepsIn(dir, envFor(settings));
    try {
      const after = await siteState(restored);
      expect(Object.keys(after.files).length).toBeGreaterThan(20);
      expect(after.files).toEqual(before.files);
      // PostgreSQL's restore moves the content version on (the nodes' caches must drop what they hold); nothing else differs.
      const besideVersion = (tables: Record<string, unknown>) => ({ ...tables, site_state: undefined });
      expect(besideVersion(after.tables)).toEqual(besideVersion(before.tables));
    } finally {
      await restored.cleanup();
    }
    expect(fs.existsSync(archive)).toBe(true);
  });
});
