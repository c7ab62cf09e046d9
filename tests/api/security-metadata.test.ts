import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactMessages, stories } from '../../src/server/db/schema.ts';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { jpegWithEveryMetadata, pngWithTextChunks, secrets, videoWithLocation, xmpPacket } from '../factories/hostile-files.ts';
import { gpsLatitudeBytes, secretPlace } from '../factories/media.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { storedFile } from '../setup/stored.ts';

const site = siteForAllTests({ RATE_LIMIT_UPLOADS: '0', RATE_LIMIT_PUBLIC_WRITES: '0' });

/** Every byte pattern that would tell where or with what a picture was taken. */
const imageTraces: [string, Buffer][] = [
  ['EXIF block', Buffer.from('Exif')],
  ['GPS', Buffer.from('GPS')],
  ['GPS latitude', gpsLatitudeBytes()],
  ['camera make', Buffer.from(secretPlace.cameraMake)],
  ['XMP packet', Buffer.from('x:xmpmeta')],
  ['XMP namespace', Buffer.from('ns.adobe.com')],
  ['XMP place', Buffer.from(secrets.xmpPlace)],
  ['IPTC block', Buffer.from('Photoshop 3.0')],
  ['IPTC resource', Buffer.from('8BIM')],
  ['IPTC city', Buffer.from(secrets.iptcCity)],
  ['JPEG comment', Buffer.from(secrets.comment)],
  ['PNG text', Buffer.from(secrets.textChunk)],
  ['PNG location', Buffer.from(secretPlace.iso6709)],
  ['PNG text chunk', Buffer.from('tEXt')],
  ['PNG international text chunk', Buffer.from('iTXt')],
  ['PNG EXIF chunk', Buffer.from('eXIf')],
];

const tracesIn = (bytes: Buffer, traces: [string, Buffer][]) => traces.filter(([, needle]) => bytes.includes(needle)).map(([name]) => name);

/** Sends a file through one of the two upload paths and answers the stored path. */
async function storeThrough(route: string, bytes: Buffer, filename: string): Promise<string> {
  const form = new FormData();
  const blob = new Blob([new Uint8Array(bytes)]);
  const client = new CookieClient(site.server.url);
  if (route === 'POST /api/uploads') {
    form.append('purpose', 'story');
    form.append('file', blob, filename);
    const response = await client.fetch('/api/uploads', { method: 'POST', body: form });
    const body = (await response.json()) as { path: string };
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body.path;
  }
  if (route === 'POST /api/contact') {
    for (const [name, value] of Object.entries({ name: 'Visitor', email: 'visitor@example.org', message: 'See the photo.' })) form.append(name, value);
    form.append('image', blob, filename);
    expect((await client.fetch('/api/contact', { method: 'POST', body: form })).status).toBe(201);
    return (await site.deps.db.select({ image: contactMessages.image }).from(contactMessages).orderBy(contactMessages.id)).at(-1)!.image!;
  }
  for (const [name, value] of Object.entries({ title: 'My story', description: 'What happened.' })) form.append(name, value);
  form.append('media', blob, filename);
  expect((await client.fetch('/api/story', { method: 'POST', body: form })).status).toBe(201);
  return (await site.deps.db.select({ media: stories.media }).from(stories).orderBy(stories.id)).at(-1)!.media!;
}

describe.each(['POST /api/uploads', 'POST /api/contact', 'POST /api/story'])('an image sent to %s', (route) => {
  it('is stored, with every responsive variant, without the GPS EXIF, XMP, IPTC and comment of a phone JPEG', async () => {
    const original = await jpegWithEveryMetadata();
    const before = await sharp(original).metadata();
    expect([before.exif, before.xmp, before.iptc].every(Boolean)).toBe(true);
    expect(tracesIn(original, imageTraces)).toEqual(
      expect.arrayContaining(['EXIF block', 'GPS latitude', 'camera make', 'XMP place', 'IPTC city', 'JPEG comment']),
    );

    const stored = await storeThrough(route, original, 'IMG_0042.jpg');
    const files = [stored, ...allVariantPaths(stored)];
    expect(files).toHaveLength(10);
    for (const file of files) {
      const bytes = await storedFile(site.deps.storage, file);
      expect(tracesIn(bytes, imageTraces), file).toEqual([]);
      const meta = await sharp(bytes).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, comments: meta.comments }, file).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        comments: undefined,
      });
    }
  });

  it('is stored, with every responsive variant, without the text, XMP and EXIF chunks of a PNG', async () => {
    const original = await pngWithTextChunks();
    const before = await sharp(original).metadata();
    expect(before.comments?.map((c) => c.text)).toEqual(expect.arrayContaining([secrets.textChunk]));
    expect(tracesIn(original, imageTraces)).toEqual(expect.arrayContaining(['PNG text', 'PNG location', 'XMP place', 'GPS latitude', 'PNG EXIF chunk']));

    const stored = await storeThrough(route, original, 'screenshot.png');
    expect(stored).toMatch(/\.png$/);
    for (const file of [stored, ...allVariantPaths(stored)]) {
      const bytes = await storedFile(site.deps.storage, file);
      expect(tracesIn(bytes, imageTraces), file).toEqual([]);
      const meta = await sharp(bytes).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, comments: meta.comments }, file).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        comments: undefined,
      });
    }
  });
});

/** EXIF naming the camera and a place (GPS), and XMP naming a city, as phones and editors write them into WebP and AVIF. */
async function withExifAndXmp(format: 'webp' | 'avif'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .withExif({
      IFD0: { Make: secretPlace.cameraMake, Model: 'Secret Model', ImageDescription: secrets.comment },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '51/1 23/1 20/1' },
    })
    .withXmp(xmpPacket())
    .toFormat(format)
    .toBuffer();
}

/** A GIF carrying a comment extension and an XMP application extension, before its trailer. */
async function gifWithCommentAndXmp(): Promise<Buffer> {
  const gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .gif()
    .toBuffer();
  const subBlocks = (data: Buffer) => {
    const parts: Buffer[] = [];
    for (let at = 0; at < data.length; at += 255) {
      const chunk = data.subarray(at, at + 255);
      parts.push(Buffer.from([chunk.length]), chunk);
    }
    return Buffer.concat([...parts, Buffer.from([0])]);
  };
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(Buffer.from(secrets.comment))]);
  const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP'), subBlocks(Buffer.from(xmpPacket()))]);
  return Buffer.concat([gif.subarray(0, -1), comment, xmp, Buffer.from([0x3b])]);
}

describe('images in the other accepted formats', () => {
  it.each([
    ['WebP', () => withExifAndXmp('webp'), 'photo.webp'],
    ['AVIF', () => withExifAndXmp('avif'), 'photo.avif'],
    ['GIF', gifWithCommentAndXmp, 'animation.gif'],
  ] as const)('a %s is stored, with every variant, without the EXIF, GPS, XMP or comment it carried', async (_format, make, filename) => {
    const original = await make();
    expect(tracesIn(original, imageTraces).length).toBeGreaterThanOrEqual(2);
    const stored = await storeThrough('POST /api/uploads', original, filename);
    for (const file of [stored, ...allVariantPaths(stored)]) {
      const bytes = await storedFile(site.deps.storage, file);
      expect(tracesIn(bytes, imageTraces), file).toEqual([]);
      const meta = await sharp(bytes).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, comments: meta.comments }, file).toEqual({ exif: undefined, xmp: undefined, comments: undefined });
    }
  });
});

const videoTraces: [string, Buffer][] = [
  ['coordinates', Buffer.from('+35.6892')],
  ['longitude', Buffer.from('051.3890')],
  ['©xyz atom', Buffer.from([0xa9, 0x78, 0x79, 0x7a])],
  ['location key', Buffer.from('location')],
  ['title', Buffer.from(secrets.videoTitle)],
  ['©nam atom', Buffer.from([0xa9, 0x6e, 0x61, 0x6d])],
];

describe.each(['POST /api/uploads', 'POST /api/story'])('a video sent to %s', (route) => {
  it.each(['mp4', 'mov'] as const)('is stored from a phone %s without its location or title', async (container) => {
    const original = fs.readFileSync(await videoWithLocation(site.deps.dir, container));
    expect(tracesIn(original, videoTraces)).toEqual(expect.arrayContaining(['coordinates', 'title', container === 'mp4' ? 'location key' : '©xyz atom']));

    const stored = await storeThrough(route, original, `VID_0042.${container}`);
    expect(stored).toMatch(/^videos\/[0-9a-f]{32}\.(mp4|mov)$/);
    const bytes = await storedFile(site.deps.storage, stored);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.length).toBeGreaterThan(1000);
    expect(tracesIn(bytes, videoTraces)).toEqual([]);
    expect(allVariantPaths(stored)).toEqual([]);
  });
});
