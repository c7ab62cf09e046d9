import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { uploads } from '../../src/server/db/schema.ts';
import { makeImageFile, makeUser } from '../factories/index.ts';
import { exifHasGpsPointer, filesOfUpload, gpsLatitudeBytes, makeJpegWithGps, makeNoisyPng, makeTextFile, secretPlace } from '../factories/media.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { holdSession } from '../setup/trpc-http.ts';
import { storedFile, listedNames } from '../setup/stored.ts';

interface UploadAnswer {
  id?: string;
  kind?: string;
  mime?: string;
  path?: string;
  url?: string;
  width?: number;
  height?: number;
  success?: false;
  message?: string;
  errors?: { file: string[] };
}

// Small limits so an oversized file stays small: images up to 0.05 MB, anything up to 0.2 MB.
const site = siteForEachTest({ MAX_IMAGE_MB: '0.05', MAX_VIDEO_MB: '0.2' });

/** Posts one file to /api/uploads under the given client-side name, as a browser form would. */
async function upload(file: string, name: string, options: { purpose?: string; client?: CookieClient; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  if (options.purpose) form.set('purpose', options.purpose);
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), name);
  const client = options.client ?? new CookieClient(site.server.url);
  const response = await client.fetch('/api/uploads', { method: 'POST', body: form, headers: options.headers });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

// Stored paths, whichever side of the storage holds them (uploads start on the private side).
const storedFiles = async () => (await listedNames(site.deps.storage)).map((file) => file.replace(/^private\//, ''));
const uploadRows = () => site.deps.db.select().from(uploads);

async function expectNothingStored() {
  expect(await storedFiles()).toEqual([]);
  expect(await uploadRows()).toEqual([]);
}

describe('POST /api/uploads', () => {
  it('stores a JPEG carrying GPS EXIF and XMP with no metadata left', async () => {
    const original = await makeJpegWithGps(site.deps);
    const before = await sharp(original).metadata();
    expect(before.exif && exifHasGpsPointer(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(fs.readFileSync(original).includes(gpsLatitudeBytes())).toBe(true);

    const { status, body } = await upload(original, 'holiday.jpg');
    expect(status).toBe(201);
    expect(body).toMatchObject({ kind: 'image', mime: 'image/jpeg', width: 96, height: 64 });
    expect((await sharp(await storedFile(site.deps.storage, body.path!)).metadata()).format).toBe('jpeg');
    // The stored file and every size made from it.
    const files = await filesOfUpload(site.deps, body.path!);
    expect(files).toContain(body.path);
    for (const file of files) {
      const bytes = await storedFile(site.deps.storage, file);
      const after = await sharp(bytes).metadata();
      expect(after.exif, file).toBeUndefined();
      expect(after.xmp, file).toBeUndefined();
      expect(after.iptc, file).toBeUndefined();
      expect(bytes.includes(gpsLatitudeBytes()), file).toBe(false);
      expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1')), file).toBe(false);
      expect(bytes.includes(Buffer.from(secretPlace.cameraMake)), file).toBe(false);
      expect(bytes.includes(Buffer.from('GPSLatitude')), file).toBe(false);
    }
  });

  it('stores a PNG named .jpg as a PNG, under a name the server made', async () => {
    const png = await makeImageFile(site.deps, 'png');
    const { status, body } = await upload(png, '../../etc/evil.jpg');
    expect(status).toBe(201);
    expect(body).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(body.path).toMatch(/^images\/[0-9a-f]{32}\.png$/);
    // Stored privately until an item uses it: only editors can preview it, on the private path.
    expect(body.url).toBe(`/media/private/${body.path}`);
    const stored = await storedFile(site.deps.storage, body.path!);
    expect(stored.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await uploadRows()).toMatchObject([{ id: body.id, path: body.path, kind: 'image', mime: 'image/png', attachedAt: null }]);
    expect(await filesOfUpload(site.deps, body.path!)).toEqual(await storedFiles());
  });

  it('refuses a text file named .jpg with a clear message and stores nothing', async () => {
    const { status, body } = await upload(makeTextFile(site.deps), 'photo.jpg');
    expect(status).toBe(415);
    expect(body).toEqual({
      success: false,
      message: 'This file type is not accepted. Use a JPEG, PNG, WebP, GIF or AVIF image, or an MP4, WebM or MOV video.',
      errors: { file: ['This file type is not accepted. Use a JPEG, PNG, WebP, GIF or AVIF image, or an MP4, WebM or MOV video.'] },
    });
    await expectNothingStored();
  });

  it('refuses an image over the image limit with a clear message and stores nothing', async () => {
    const big = await makeNoisyPng(site.deps, 200);
    expect(fs.statSync(big).size).toBeGreaterThan(0.05 * 1024 * 1024);
    expect(fs.statSync(big).size).toBeLessThan(0.2 * 1024 * 1024);
    const { status, body } = await upload(big, 'poster.png');
    expect(status).toBe(413);
    expect(body.message).toBe('The image is too large. The limit is 0.05 MB.');
    await expectNothingStored();
  });

  it('refuses a file over every limit while it is still arriving, and stores nothing', async () => {
    const huge = await makeNoisyPng(site.deps, 400);
    expect(fs.statSync(huge).size).toBeGreaterThan(0.2 * 1024 * 1024);
    const { status, body } = await upload(huge, 'huge.png');
    expect(status).toBe(413);
    expect(body.message).toBe('The file is too large. Images may be up to 0.05 MB and videos up to 0.2 MB.');
    await expectNothingStored();
  });

  it('refuses a request without a file', async () => {
    const form = new FormData();
    form.set('purpose', 'story');
    const response = await new CookieClient(site.server.url).fetch('/api/uploads', { method: 'POST', body: form });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: 'No file was received.' });
    await expectNothingStored();
  });

  it('refuses an empty file', async () => {
    const empty = makeTextFile(site.deps, '');
    const { status, body } = await upload(empty, 'empty.jpg');
    expect(status).toBe(422);
    expect(body.errors?.file).toHaveLength(1);
    await expectNothingStored();
  });

  it('answers in Persian for a Persian reader', async () => {
    const { status, body } = await upload(makeTextFile(site.deps), 'photo.jpg', { headers: { 'Accept-Language': 'fa-IR,fa;q=0.9' } });
    expect(status).toBe(415);
    expect(body.message).toMatch(/^این نوع فایل پذیرفته نمی‌شود/);
  });

  it('refuses a signed-in browser that leaves out the anti-forgery header, and accepts it with the header', async () => {
    const client = new CookieClient(site.server.url);
    await holdSession(client, await sessionTokenFor(site.deps, await makeUser(site.deps)));
    const png = await makeImageFile(site.deps, 'png');
    const refused = await upload(png, 'a.png', { client });
    expect(refused.status).toBe(419);
    expect(refused.body.message).toBe('CSRF token mismatch.');
    await expectNothingStored();
    const accepted = await upload(png, 'a.png', { client, headers: client.xsrfHeaders() });
    expect(accepted.status).toBe(201);
  });

  it('leaves nothing behind in the incoming folder', async () => {
    await upload(await makeImageFile(site.deps, 'webp'), 'ok.webp');
    await upload(makeTextFile(site.deps), 'bad.jpg');
    await upload(await makeNoisyPng(site.deps, 400), 'huge.png');
    expect(fs.readdirSync(site.deps.storage.scratch)).toEqual([]);
  });
});
