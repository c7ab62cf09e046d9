import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { stories, uploads } from '../../src/server/db/schema.ts';
import { planImage, readImageHeader } from '../../src/server/uploads/image.ts';
import { MediaWorkers } from '../../src/server/uploads/workers/pool.ts';
import { decompressionBombPng, hugeDimensionPng, manyFrameGif, plainJpeg } from '../factories/hostile-files.ts';
import { filesUnder } from '../factories/media.ts';
import { makeUser } from '../factories/index.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient, type TestServer } from '../setup/http.ts';
import { holdSession } from '../setup/trpc-http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const sites = sitesStartedInTests();
/** The site the running test started; the helpers below read it. */
let deps: TestDeps | undefined;
let server: TestServer | undefined;
afterEach(() => {
  server = undefined;
  deps = undefined;
});

async function start(env: Record<string, string> = {}) {
  ({ deps, server } = await sites.site({ RATE_LIMIT_UPLOADS: '0', ...env }));
  return { deps, server };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { id?: string; path?: string; mime?: string; width?: number; height?: number; message?: string };
}

async function upload(bytes: Buffer, name: string, headers: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await new CookieClient(server!.url).fetch('/api/uploads', { method: 'POST', body: form, headers });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

/** Processes whose command line mentions a path: the media workers and the ffmpeg they start. */
function processesMentioning(needle: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle) && Number(pid) !== process.pid) found.push(Number(pid));
    } catch {
      /* the process ended while we looked */
    }
  }
  return found;
}

const storedFiles = () => filesUnder(folderOf(deps!.storage).root).filter((file) => !file.startsWith('.incoming'));
const leftovers = () => filesUnder(deps!.storage.scratch).concat(fs.readdirSync(deps!.storage.scratch));

describe('the work an image may cost is decided from its header', () => {
  it('decodes one frame of the 4,900-frame GIF, whatever its header declares', async () => {
    const gif = manyFrameGif();
    expect(gif.length).toBeLessThan(130 * 1024);
    const dir = fs.mkdtempSync(path.join(sites.deps().dir, 'gif-'));
    fs.writeFileSync(path.join(dir, 'a.gif'), gif);
    const header = await readImageHeader(path.join(dir, 'a.gif'));
    expect(header).toMatchObject({ width: 100, height: 100, pages: 4900 });
    const plan = planImage(header, { kind: 'image', mime: 'image/gif', ext: 'gif' });
    expect(plan).toEqual({ ok: true, framesDecoded: 1, pixelsDecoded: 10_000, output: { kind: 'image', mime: 'image/png', ext: 'png' } });
  });

  it('refuses from the header alone an image whose one frame is too many pixels', () => {
    const plan = planImage({ width: 20_000, height: 20_000 }, { kind: 'image', mime: 'image/png', ext: 'png' });
    expect(plan).toMatchObject({ ok: false, reason: 'tooManyPixels', pixelsDeclared: 400_000_000 });
    expect(planImage({ width: 100, height: 20_000 }, { kind: 'image', mime: 'image/png', ext: 'png' })).toMatchObject({ ok: false, reason: 'tooManyPixels' });
  });
});

describe('hostile images over HTTP', () => {
  it('stores the 4,900-frame GIF as a still of its first frame', async () => {
    await start();
    const answer = await upload(manyFrameGif(), 'anim.gif');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ mime: 'image/png', width: 100, height: 100 });
    const meta = await sharp(folderOf(deps!.storage).absolute(answer.body.path!)).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect(meta.format).toBe('png');
  });

  it('stores the 7,000 x 7,000 PNG reduced to the largest stored size, and refuses the 20,000 x 20,000 one unread', async () => {
    await start();
    const reduced = await upload(hugeDimensionPng(), 'big.png');
    expect(reduced.status, JSON.stringify(reduced.body)).toBe(201);
    expect(reduced.body).toMatchObject({ width: 2560, height: 2560 });
    const refused = await upload(decompressionBombPng(), 'bomb.png');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The image could not be read. It may be damaged or too large in pixels.');
  });
});

describe('the media queue', () => {
  it('answers 503 with Retry-After in the visitor’s language while full, and stores nothing of the refused file', async () => {
    await start({ MEDIA_WORKERS: '1', MEDIA_QUEUE_LIMIT: '0' });
    const first = upload(hugeDimensionPng(), 'slow.png');
    // Wait until the first upload's job is running: its work folder appears.
    await expect.poll(() => fs.readdirSync(deps!.storage.scratch).some((name) => name.startsWith('job-')), { timeout: 10_000, interval: 20 }).toBe(true);
    const rowsBefore = (await deps!.db.select().from(uploads)).length;
    const refused = await upload(await plainJpeg(), 'photo.jpg', { 'X-Lang': 'fa' });
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toBe('سرور در حال پردازش بارگذاری‌های دیگر است. چیزی ذخیره نشد؛ لطفاً چند دقیقه دیگر دوباره امتحان کنید.');
    expect(await deps!.db.select().from(uploads)).toHaveLength(rowsBefore);
    // The original story form too: a photo is refused (after its small body, when the job is offered)...
    const story = new FormData();
    story.set('title', 'A story');
    story.set('description', 'What happened.');
    story.set('media', new Blob([new Uint8Array(await plainJpeg())]), 'photo.jpg');
    const busyStory = await new CookieClient(server!.url).fetch('/api/story', { method: 'POST', body: story, headers: { accept: 'application/json' } });
    expect(busyStory.status).toBe(503);
    expect(Number(busyStory.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await deps!.db.select().from(stories)).toEqual([]);
    // ...while a story without a file is taken as usual.
    const textOnly = await new CookieClient(server!.url).fetch('/api/story', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Words only', description: 'No photo.' }),
    });
    expect(textOnly.status).toBe(201);
    expect(await deps!.db.select().from(uploads)).toHaveLength(rowsBefore);
    expect((await first).status).toBe(201);
    // The queue moves on: the same file is taken once the worker is free.
    expect((await upload(await plainJpeg(), 'photo.jpg')).status).toBe(201);
    expect(storedFiles().filter((file) => file.endsWith('.jpg') && !file.includes('-w'))).toHaveLength(1);
  });

  it('holds each visitor to one job at a time, so one person cannot fill the queue, and lets editors go ahead of a full one', async () => {
    await start({ MEDIA_WORKERS: '1', MEDIA_QUEUE_LIMIT: '2', TRUST_PROXY: 'loopback' });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const jpeg = await plainJpeg();
    const first = upload(hugeDimensionPng(), 'slow.png', from('203.0.113.1'));
    await expect.poll(() => fs.readdirSync(deps!.storage.scratch).some((name) => name.startsWith('job-')), { timeout: 10_000, interval: 20 }).toBe(true);
    // The same visitor, while her first file is being worked on: refused, whatever the queue holds.
    const again = await Promise.all([upload(jpeg, 'a.jpg', from('203.0.113.1')), upload(jpeg, 'b.jpg', from('203.0.113.1'))]);
    expect(again.map((answer) => answer.status)).toEqual([503, 503]);
    expect(Number(again[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    // Two other visitors are queued behind her; a third finds the queue full.
    const queued = [upload(jpeg, 'c.jpg', from('203.0.113.2')), upload(jpeg, 'd.jpg', from('203.0.113.3'))];
    await expect.poll(() => deps!.mediaWorkers.isFull({ key: 'a visitor not seen yet', editor: false }), { timeout: 10_000, interval: 20 }).toBe(true);
    expect((await upload(jpeg, 'e.jpg', from('203.0.113.4'))).status).toBe(503);
    // An editor is not turned away by visitors' jobs.
    const editor = new CookieClient(server!.url);
    await holdSession(editor, await sessionTokenFor(deps!, await makeUser(deps!)));
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(jpeg)]), 'editor.jpg');
    const editorUpload = await editor.fetch('/api/uploads', { method: 'POST', body: form, headers: editor.xsrfHeaders() });
    expect(editorUpload.status).toBe(201);
    expect((await first).status).toBe(201);
    expect((await Promise.all(queued)).map((answer) => answer.status)).toEqual([201, 201]);
  });

  it('kills a job still running at the time limit, with its processes, and removes its temporary files', async () => {
    await start({ MEDIA_JOB_TIMEOUT_SECONDS: '0.2' });
    const answer = await upload(hugeDimensionPng(), 'slow.png', { 'X-Lang': 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The file took too long to process and was not saved. Try a smaller or shorter file.');
    expect(leftovers()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await deps!.db.select().from(uploads)).toEqual([]);
    await expect.poll(() => processesMentioning(folderOf(deps!.storage).root), { timeout: 2000 }).toEqual([]);
  });

  it('kills a job that hangs (ffmpeg waiting on input that never comes) at the time limit', async () => {
    const testDeps = sites.deps();
    deps = testDeps;
    const fifo = path.join(testDeps.dir, 'never-written.mp4');
    execFileSync('mkfifo', [fifo]);
    const workDir = fs.mkdtempSync(path.join(testDeps.storage.scratch, 'job-'));
    const workers = new MediaWorkers({ concurrency: 1, queueLimit: 0, timeoutMs: 1500 });
    const started = Date.now();
    const reply = await workers.run({ input: fifo, workDir, type: { kind: 'video', mime: 'video/mp4', ext: 'mp4' } });
    expect(reply).toMatchObject({ ok: false, reason: 'timedOut' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => processesMentioning(fifo), { timeout: 2000 }).toEqual([]);
    expect(workers.isFull()).toBe(false);
  });
});
