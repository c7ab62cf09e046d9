import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stories, uploads } from '../../src/server/db/schema.ts';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { makeUser } from '../factories/index.ts';
import {
  decompressionBombPng,
  gifScriptPolyglot,
  htmlPage,
  jpegThenHtml,
  jpegWithScriptInside,
  noisyPng,
  plainJpeg,
  scriptProbe,
  svgWithScript,
  truncatedJpeg,
} from '../factories/hostile-files.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { holdSession } from '../setup/trpc-http.ts';
import { folderOf } from '../setup/stored.ts';

// Small size limits keep the oversized files small; no hourly limits, so every refusal is the file's.
const site = siteForAllTests({ MAX_IMAGE_MB: '1', MAX_VIDEO_MB: '2', RATE_LIMIT_UPLOADS: '0', RATE_LIMIT_PUBLIC_WRITES: '0' });
let editor: CookieClient;
beforeAll(async () => {
  editor = new CookieClient(site.server.url);
  await holdSession(editor, await sessionTokenFor(site.deps, await makeUser(site.deps)));
});

interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string[]>; path?: string; data?: { image?: string } };
}

interface Target {
  /** The form field that carries the file. */
  field: string;
  text: Record<string, string>;
  client: () => CookieClient;
  headers: () => Record<string, string>;
}

const targets: Record<string, Target> = {
  'POST /api/uploads': { field: 'file', text: { purpose: 'story' }, client: () => new CookieClient(site.server.url), headers: () => ({}) },
  'POST /api/story': {
    field: 'media',
    text: { title: 'My story', description: 'What happened to me.' },
    client: () => new CookieClient(site.server.url),
    headers: () => ({}),
  },
  'POST /api/admin/news': {
    field: 'image',
    text: { title_En: 'A title', title_fa: 'عنوان', description_En: 'A description.', description_fa: 'توضیح.' },
    client: () => editor,
    headers: () => editor.xsrfHeaders(),
  },
};
const targetNames = Object.keys(targets);

async function send(targetName: string, files: { name?: string; bytes: Buffer; filename: string }[], options: { extraFields?: number } = {}): Promise<Answer> {
  const target = targets[targetName]!;
  const form = new FormData();
  for (const [name, value] of Object.entries(target.text)) form.append(name, value);
  for (let i = 0; i < (options.extraFields ?? 0); i += 1) form.append(`extra${i}`, 'x');
  for (const file of files) form.append(file.name ?? target.field, new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.filename);
  const response = await target
    .client()
    .fetch(`/${targetName.split(' /')[1]}`, { method: 'POST', body: form, headers: { accept: 'application/json', ...target.headers() } });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** /api/uploads answers the file's own status; the original forms a 422 naming their field. Both say why. */
function expectRefused(targetName: string, answer: Answer, status: number, text: string) {
  const field = targets[targetName]!.field;
  expect(answer).toEqual({ status: targetName === 'POST /api/uploads' ? status : 422, body: { success: false, message: text, errors: { [field]: [text] } } });
}

const unsupported = 'This file type is not accepted. Use a JPEG, PNG, WebP, GIF or AVIF image, or an MP4, WebM or MOV video.';
const unreadable = 'The image could not be read. It may be damaged or too large in pixels.';
const tooManyParts = 'The form sent too many fields or files.';

const hostileFiles: [string, () => Buffer | Promise<Buffer>, string, number, string][] = [
  ['an SVG image with a script in it', svgWithScript, 'drawing.svg', 415, unsupported],
  ['an HTML page named photo.jpg', htmlPage, 'photo.jpg', 415, unsupported],
  ['a GIF header in front of JavaScript', gifScriptPolyglot, 'anim.gif', 422, unreadable],
  ['a decompression bomb (a 20000 x 20000 PNG of 50 kB)', () => decompressionBombPng(), 'bomb.png', 422, unreadable],
  ['a truncated JPEG', truncatedJpeg, 'cut.jpg', 422, unreadable],
  ['an empty file', () => Buffer.alloc(0), 'empty.jpg', 422, unsupported],
  ['an image over MAX_IMAGE_MB', () => noisyPng(1.4 * 1024 * 1024), 'big.png', 413, 'The image is too large. The limit is 1 MB.'],
  [
    'a file over every size limit',
    () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(2.5 * 1024 * 1024, 7)]),
    'huge.png',
    413,
    'The file is too large. Images may be up to 1 MB and videos up to 2 MB.',
  ],
];

describe.each(targetNames)('%s', (targetName) => {
  it.each(hostileFiles.map(([name, make, filename, status, text]) => ({ name, make, filename, status, text })))(
    'refuses $name with a clear message and stores nothing',
    async ({ make, filename, status, text }) => {
      const bytes = await make();
      const before = await snapshot(site.deps);
      expectRefused(targetName, await send(targetName, [{ bytes, filename }]), status, text);
      expect(await snapshot(site.deps)).toEqual(before);
    },
  );

  it('refuses a form with hundreds of fields and stores nothing', async () => {
    const before = await snapshot(site.deps);
    expectRefused(targetName, await send(targetName, [{ bytes: await plainJpeg(), filename: 'a.jpg' }], { extraFields: 300 }), 422, tooManyParts);
    expect(await snapshot(site.deps)).toEqual(before);
  });

  it('refuses two files for its one file field, stores neither, and logs no server fault', async () => {
    const before = await snapshot(site.deps);
    const faults = vi.spyOn(console, 'error');
    const jpeg = await plainJpeg();
    expectRefused(
      targetName,
      await send(targetName, [
        { bytes: jpeg, filename: 'a.jpg' },
        { bytes: jpeg, filename: 'b.jpg' },
      ]),
      422,
      tooManyParts,
    );
    expect(await snapshot(site.deps)).toEqual(before);
    expect(faults).not.toHaveBeenCalled();
    faults.mockRestore();
  });

  it('stores a JPEG with an HTML page appended, or with a script inside, only as a re-encoded image without those bytes', async () => {
    for (const make of [jpegThenHtml, jpegWithScriptInside]) {
      const hostile = await make();
      expect(hostile.includes(Buffer.from(scriptProbe))).toBe(true);
      const before = (await site.deps.db.select().from(uploads)).length;
      const answer = await send(targetName, [{ bytes: hostile, filename: 'holiday.jpg' }]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const stored =
        targetName === 'POST /api/uploads'
          ? answer.body.path!
          : targetName === 'POST /api/admin/news'
            ? answer.body.data!.image!
            : (await site.deps.db.select({ media: stories.media }).from(stories).orderBy(stories.id)).at(-1)!.media!;
      expect(await site.deps.db.select().from(uploads)).toHaveLength(before + 1);
      for (const file of [stored, ...allVariantPaths(stored)]) {
        const bytes = fs.readFileSync(folderOf(site.deps.storage).absolute(file));
        for (const needle of ['hostile-upload-probe', '<script', '<html', 'alert('])
          expect(bytes.includes(Buffer.from(needle)), `${needle} in ${file}`).toBe(false);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, file).toBeUndefined();
      }
      expect((await sharp(folderOf(site.deps.storage).absolute(stored)).metadata()).format).toBe('jpeg');
    }
  });
});

describe('a file under a field name the form does not use', () => {
  it('is refused by POST /api/uploads as no file received, and nothing is stored', async () => {
    const before = await snapshot(site.deps);
    expectRefused(
      'POST /api/uploads',
      await send('POST /api/uploads', [{ name: 'image', bytes: await plainJpeg(), filename: 'a.jpg' }]),
      422,
      'No file was received.',
    );
    expect(await snapshot(site.deps)).toEqual(before);
  });

  it('leaves POST /api/admin/news without its required image, refused, and nothing is stored', async () => {
    const before = await snapshot(site.deps);
    expect(await send('POST /api/admin/news', [{ name: 'photo', bytes: await plainJpeg(), filename: 'a.jpg' }])).toEqual({
      status: 422,
      body: { success: false, message: 'Please correct the highlighted fields.', errors: { image: ['This field is required.'] } },
    });
    expect(await snapshot(site.deps)).toEqual(before);
  });

  it('is ignored by the public story form, which keeps the text and stores nothing of the file', async () => {
    const files = (await snapshot(site.deps)).files;
    const uploadRows = (await site.deps.db.select().from(uploads)).length;
    const answer = await send('POST /api/story', [{ name: 'photo', bytes: await plainJpeg(), filename: 'a.jpg' }]);
    expect(answer.status).toBe(201);
    expect((await site.deps.db.select().from(stories).orderBy(stories.id)).at(-1)).toMatchObject({ title: 'My story', media: null });
    expect(await site.deps.db.select().from(uploads)).toHaveLength(uploadRows);
    expect((await snapshot(site.deps)).files).toEqual(files);
  });
});
