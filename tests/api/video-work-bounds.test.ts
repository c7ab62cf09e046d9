import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterEach, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { probeStreams } from '../../src/server/uploads/video.ts';
import { filesUnder } from '../factories/media.ts';
import { CookieClient, type TestServer } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const run = promisify(execFile);
const sites = sitesStartedInTests();
let deps: TestDeps | undefined;
let server: TestServer | undefined;
afterEach(() => {
  server = undefined;
  deps = undefined;
});

/**
 * Two seconds of black 1080p H.265 (as iPhones record), which the site re-encodes to H.264; with
 * `loops`, the same packets repeated by copying: an hour of video decodes from a few megabytes.
 */
async function hevcVideo(name: string, loops = 0): Promise<Buffer> {
  const seed = path.join(deps!.dir, 'seed.mp4');
  if (!fs.existsSync(seed)) {
    await run(
      ffmpeg.path,
      ['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=1920x1080:r=30:d=2'].concat([
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=none:keyint=1000',
        '-tag:v',
        'hvc1',
        seed,
      ]),
    );
  }
  if (!loops) return fs.readFileSync(seed);
  const looped = path.join(deps!.dir, name);
  await run(ffmpeg.path, ['-v', 'error', '-nostdin', '-y', '-stream_loop', String(loops), '-i', seed, '-c', 'copy', looped]);
  return fs.readFileSync(looped);
}

async function upload(bytes: Buffer, name: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set('title', 'A story');
  form.set('description', 'What happened, with a video.');
  form.set('media', new Blob([new Uint8Array(bytes)]), name);
  const response = await new CookieClient(server!.url).fetch('/api/story', { method: 'POST', body: form, headers: { accept: 'application/json', ...headers } });
  return { status: response.status, body: (await response.json()) as { message?: string; errors?: Record<string, string[]> } };
}

describe('the work a video that must be re-encoded may cost is decided before it is decoded', () => {
  it('refuses at once, in the visitor’s language, an hour of 1080p video in a few megabytes, and stores nothing', { timeout: 120_000 }, async () => {
    // A job time limit far above what the refusal may take: it is the plan, not the limit, that refuses.
    ({ deps, server } = await sites.site({ RATE_LIMIT_UPLOADS: '0', RATE_LIMIT_PUBLIC_WRITES: '0', MEDIA_JOB_TIMEOUT_SECONDS: '90' }));
    const bomb = await hevcVideo('hour.mp4', 1800);
    expect(bomb.length).toBeLessThan(20 * 1024 * 1024);

    const started = Date.now();
    const refused = await upload(bomb, 'hour.mp4', { 'X-Lang': 'fa' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('این ویدیو برای پردازش در اینجا بیش از حد طولانی است');
    expect(await deps.db.select().from(uploads)).toEqual([]);
    expect(filesUnder(folderOf(deps.storage).root).filter((file) => !file.startsWith('.incoming'))).toEqual([]);
  });

  it('still takes a short phone video in H.265, stored as H.264', { timeout: 120_000 }, async () => {
    ({ deps, server } = await sites.site({ RATE_LIMIT_UPLOADS: '0', RATE_LIMIT_PUBLIC_WRITES: '0' }));
    const accepted = await upload(await hevcVideo('short.mp4'), 'short.mp4');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    // A pending story's video waits on the private side of the storage.
    const [stored] = filesUnder(folderOf(deps.storage).root).filter((file) => file.endsWith('.mp4') && !file.startsWith('.incoming'));
    const streams = await probeStreams(path.join(folderOf(deps.storage).root, stored!));
    expect(streams.map((stream) => stream.codec)).toEqual(['h264']);
  });
});
