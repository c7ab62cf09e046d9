import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { createBackup } from '../../src/server/backup/archive.ts';
import { envFor } from '../../src/server/env.ts';
import { parseStorageUrl } from '../../src/server/uploads/storage-url.ts';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { makeStoryWithImage } from '../factories/admin-content.ts';
import { editorCaller } from '../factories/public-content.ts';
import { fillSite } from '../setup/backup-site.ts';
import { repoRoot } from '../setup/paths.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { storedBytes, storedHashes } from '../setup/stored.ts';
import { createTestDeps, testDepsIn, testStorageEnv } from '../setup/test-db.ts';

const run = promisify(execFile);
const site = siteForEachTest();

/** The bucket's own address for an object of the test site, as someone who guessed its key would ask for it. */
function objectUrl(name: string): { url: string; bucket: string; key: string; endpoint: string } {
  const location = parseStorageUrl(site.deps.env.STORAGE_URL!);
  const key = `${location.prefix}/${name}`;
  return { url: `${location.endpoint}/${location.bucket}/${key}`, bucket: location.bucket, key, endpoint: location.endpoint! };
}

async function pendingStory(): Promise<{ id: number; photo: string }> {
  const story = await (await editorCaller(site.deps)).stories.byId({ id: await makeStoryWithImage(site.deps) });
  return { id: story.id, photo: story.media! };
}

describe('a pending story’s photo in the bucket', () => {
  it('is nothing but noise to whoever reads the bucket without the site, and refused to another account', async () => {
    const { photo } = await pendingStory();
    const plain = (await storedBytes(site.deps.storage, photo, 'private'))!;
    expect((await sharp(plain).metadata()).width).toBeGreaterThan(0);

    const { url, bucket, key, endpoint } = objectUrl(`private/${photo}`);
    const guessed = await fetch(url);
    const raw = Buffer.from(await guessed.arrayBuffer());
    // s3rver grants anonymous reads (a real bucket refuses them): what it hands out is the encrypted object.
    expect(raw.length).toBe(plain.length + 16);
    expect(raw.includes(plain.subarray(0, 64))).toBe(false);
    expect(raw.subarray(0, 8)).not.toEqual(plain.subarray(0, 8));
    await expect(sharp(raw).metadata()).rejects.toThrow();

    // (s3rver checks the account, not yet a V4 signature's secret: the encryption above does not depend on either.)
    const stranger = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'someone-else', secretAccessKey: 'guessed' },
    });
    await expect(stranger.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('becomes a plain public object when the story is published, and goes back encrypted when it is withdrawn', async () => {
    const { id, photo } = await pendingStory();
    const plain = (await storedBytes(site.deps.storage, photo, 'private'))!;
    const caller = await editorCaller(site.deps);
    await caller.stories.publish({ id });
    const published = Buffer.from(await (await fetch(objectUrl(photo).url)).arrayBuffer());
    expect(published).toEqual(plain);
    expect((await fetch(objectUrl(`private/${photo}`).url)).status).toBe(404);

    await caller.stories.unpublish({ id });
    expect((await fetch(objectUrl(photo).url)).status).toBe(404);
    expect(Buffer.from(await (await fetch(objectUrl(`private/${photo}`).url)).arrayBuffer()).includes(plain.subarray(0, 64))).toBe(false);
  });

  it('is on exactly one side, the one its story’s last status calls for, after publishes and withdrawals race', async () => {
    const { id, photo } = await pendingStory();
    const plain = (await storedBytes(site.deps.storage, photo, 'private'))!;
    const caller = await editorCaller(site.deps);
    // Each move in a bucket is a copy then a delete: interleaved ones in opposite directions must not lose the file.
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? caller.stories.unpublish({ id }) : caller.stories.publish({ id }))));
    const { status } = await caller.stories.byId({ id });
    const [shown, hidden] = status === 'published' ? (['public', 'private'] as const) : (['private', 'public'] as const);
    for (const name of [photo, ...allVariantPaths(photo)]) {
      expect(await site.deps.storage.stat(name, hidden), name).toBeNull();
      expect(await site.deps.storage.stat(name, shown), name).not.toBeNull();
    }
    expect(await storedBytes(site.deps.storage, photo, shown)).toEqual(plain);

    // The storage's own moves, asked for at once in opposite directions, end where the last one says.
    const moves = Array.from({ length: 6 }, (_, i) => site.deps.storage.setVisibility(photo, i % 2 ? 'private' : 'public'));
    await Promise.all(moves);
    for (const name of [photo, ...allVariantPaths(photo)]) {
      expect(await site.deps.storage.stat(name, 'public'), name).toBeNull();
      expect(await site.deps.storage.stat(name, 'private'), name).not.toBeNull();
    }
    expect(await storedBytes(site.deps.storage, photo, 'private')).toEqual(plain);
  });

  it('is in the backup as the photo itself, not as the bucket keeps it', async () => {
    const { photo } = await pendingStory();
    const plain = (await storedBytes(site.deps.storage, photo, 'private'))!;
    const archive = path.join(site.deps.dir, 'site.tar.gz');
    await createBackup({ db: site.deps.db, storage: site.deps.storage }, archive);
    const unpacked = path.join(site.deps.dir, 'unpacked');
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    expect(fs.readFileSync(path.join(unpacked, 'storage', 'private', photo))).toEqual(plain);
  });
});

describe('npm run storage:copy-to-bucket', () => {
  it('copies a folder site’s files into a bucket, each on its side, and checks every copy by count and SHA-256', async () => {
    // A site on its folder (STORAGE_URL blank), filled with an item of every kind.
    const folderSite = createTestDeps({ STORAGE_URL: '' });
    try {
      expect(folderSite.storage.kind).toBe('folder');
      await fillSite(folderSite);
      const original = await storedHashes(folderSite.storage);
      expect(Object.keys(original).length).toBeGreaterThan(20);
      const bucketUrl = testStorageEnv(`${folderSite.dir}-moved`).STORAGE_URL!;
      const env = {
        ...process.env,
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        DATABASE_URL: folderSite.env.DATABASE_URL,
        STORAGE_DIR: folderSite.env.STORAGE_DIR,
        STORAGE_URL: bucketUrl,
      };
      const copy = await run('npm', ['run', '--silent', 'storage:copy-to-bucket'], { cwd: repoRoot, env });
      const count = Object.keys(original).length;
      expect(copy.stdout).toContain(`Copied ${count} file(s)`);
      expect(copy.stdout).toContain(`Verified ${count} of ${count} by SHA-256.`);

      const moved = testDepsIn(
        path.join(folderSite.dir, 'moved'),
        envFor({ DATABASE_URL: folderSite.env.DATABASE_URL, STORAGE_DIR: folderSite.env.STORAGE_DIR, STORAGE_URL: bucketUrl }),
      );
      expect(moved.storage.kind).toBe('bucket');
      expect(await storedHashes(moved.storage)).toEqual(original);
      await moved.db.close();
    } finally {
      await folderSite.cleanup();
    }
  }, 90_000);
});
