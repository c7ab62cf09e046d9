import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { makeStory } from '../factories/index.ts';
import { makeVideoWithLocation, secretPlace } from '../factories/media.ts';
import { adminCaller } from '../setup/callers.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { storedFile, listedNames } from '../setup/stored.ts';

const site = siteForEachTest();

async function upload(file: string, name: string, purpose?: string) {
  const form = new FormData();
  if (purpose) form.set('purpose', purpose);
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), name);
  const response = await new CookieClient(site.server.url).fetch('/api/uploads', { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { id: string; kind: string; mime: string; path: string; message?: string } };
}

/** The traces of the recorded place: the coordinates as text and the tags that carry them. */
function locationTraces(bytes: Buffer): string[] {
  const traces = [
    ['coordinates', Buffer.from('35.6892')],
    ['longitude', Buffer.from('051.3890')],
    ['©xyz atom', Buffer.from([0xa9, 0x78, 0x79, 0x7a])],
    ['location key', Buffer.from('location')],
    ['camera make', Buffer.from(secretPlace.cameraMake)],
  ] as const;
  return traces.filter(([, needle]) => bytes.includes(needle)).map(([name]) => name);
}

describe('video uploads', () => {
  it('stores a story MP4 that carries a location tag with no trace of the place', async () => {
    const mp4 = await makeVideoWithLocation(site.deps, 'mp4');
    const original = fs.readFileSync(mp4);
    expect(original.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(locationTraces(original)).toEqual(expect.arrayContaining(['coordinates', 'location key', 'camera make']));

    const { status, body } = await upload(mp4, 'IMG_0042.mp4', 'story');
    expect(status).toBe(201);
    expect(body).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect(body.path).toMatch(/^videos\/[0-9a-f]{32}\.mp4$/);
    const stored = await storedFile(site.deps.storage, body.path);
    expect(stored.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(stored.length).toBeGreaterThan(1000);
    expect(locationTraces(stored)).toEqual([]);
  });

  it('stores a legal-awareness MOV with a QuickTime ©xyz location atom with no trace of the place', async () => {
    const mov = await makeVideoWithLocation(site.deps, 'mov');
    expect(locationTraces(fs.readFileSync(mov))).toEqual(expect.arrayContaining(['©xyz atom', 'coordinates']));
    const { status, body } = await upload(mov, 'clip.mov', 'legal');
    expect(status).toBe(201);
    expect(body).toMatchObject({ kind: 'video', mime: 'video/quicktime' });
    expect(locationTraces(await storedFile(site.deps.storage, body.path))).toEqual([]);
  });

  it('refuses a video sent without a purpose that takes videos, and stores nothing', async () => {
    const mp4 = await makeVideoWithLocation(site.deps, 'mp4');
    for (const purpose of [undefined, 'news', 'contact']) {
      const { status, body } = await upload(mp4, 'clip.mp4', purpose);
      expect(status, String(purpose)).toBe(415);
      expect(body.message).toBe('Videos are only accepted for stories and legal-awareness items.');
    }
    expect(await listedNames(site.deps.storage)).toEqual([]);
    expect(await site.deps.db.select().from(uploads)).toEqual([]);
  });

  it('gives an uploaded video to a story, and the story’s deletion removes the file', async () => {
    const { body } = await upload(await makeVideoWithLocation(site.deps), 'clip.mp4', 'story');
    const id = await makeStory(site.deps, { mediaUploadId: body.id });
    const { caller } = await adminCaller(site.deps);
    expect(await caller.stories.byId({ id })).toMatchObject({ media: body.path, mediaKind: 'video' });
    await caller.stories.delete({ id });
    expect(await listedNames(site.deps.storage)).toEqual([]);
  });
});
