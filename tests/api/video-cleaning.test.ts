import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probeStreams } from '../../src/server/uploads/video.ts';
import { exiftoolTags, videoSecrets, videoWithEveryTrace } from '../factories/video-files.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { folderOf } from '../setup/stored.ts';

const site = siteForAllTests({ RATE_LIMIT_UPLOADS: '0' });

/** Tag names that place or identify a recording, whatever group exiftool files them under. */
const revealing = /gps|make|model|location|iso6709|coverart|artwork|chapter|userdata:|text$|comment|title|author|software|encoder/i;

/** What the cleaning's own ffmpeg names itself as in a stream it encoded: the same for every upload, so it tells nothing. */
const ourEncoder = /^Lavc [a-z0-9_]+$/;

function revealingTags(tags: Record<string, unknown>): string[] {
  return Object.keys(tags).filter(
    (name) => revealing.test(name) && !/^(System|File|ExifTool):/.test(name) && !(/Encoder$/.test(name) && ourEncoder.test(String(tags[name]))),
  );
}

/** The secrets as the bytes of a file could hold them (EXIF as a marker, since its GPS block is binary). */
function secretsIn(bytes: Buffer): string[] {
  const needles = [...Object.values(videoSecrets), '35.6892', 'Exif\0\0', 'x264 - core', 'x265 (build'];
  return needles.filter((needle) => bytes.includes(Buffer.from(needle, 'latin1')));
}

describe.each([
  ['mp4', 'h264'],
  ['mov', 'h264'],
  ['webm', 'vp8'],
  ['mp4', 'h265'],
] as const)('a %s (%s) carrying every kind of trace', (container, codec) => {
  it('is stored with one video and one audio stream and nothing that names the place, the device or the user', async () => {
    const original = await videoWithEveryTrace(site.deps.dir, container, codec);
    const before = await exiftoolTags(original);
    // The test file really carries what the stored file must not.
    expect(revealingTags(before).length).toBeGreaterThan(3);
    expect(JSON.stringify(before)).toContain(videoSecrets.cameraMake);
    if (container !== 'webm') {
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['ItemList:CoverArt']));
      expect(secretsIn(fs.readFileSync(original))).toEqual(expect.arrayContaining([codec === 'h264' ? videoSecrets.sei : 'x265 (build', 'Exif\0\0']));
    }
    if (container === 'webm') expect(secretsIn(fs.readFileSync(original))).toContain(videoSecrets.vorbisComment);
    expect((await probeStreams(original)).filter((stream) => stream.type === 'other').length).toBeGreaterThan(0);

    const form = new FormData();
    form.set('purpose', 'story');
    form.set('file', new Blob([fs.readFileSync(original)]), `clip.${container}`);
    const response = await new CookieClient(site.server.url).fetch('/api/uploads', { method: 'POST', body: form });
    const body = (await response.json()) as { path: string; message?: string };
    expect(response.status, body.message).toBe(201);

    const stored = folderOf(site.deps.storage).absolute(body.path);
    const after = await exiftoolTags(stored);
    expect(revealingTags(after)).toEqual([]);
    expect(secretsIn(fs.readFileSync(stored))).toEqual([]);
    const streams = await probeStreams(stored);
    expect(streams.map((stream) => stream.type).sort()).toEqual(['audio', 'video']);
    expect(streams.some((stream) => stream.picture)).toBe(false);
  });
});
