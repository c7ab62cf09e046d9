import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { planImage, readImageHeader } from '../../src/server/uploads/image.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { CookieClient } from '../setup/http.ts';
import fs from 'node:fs';
import path from 'node:path';

const sites = sitesStartedInTests();
const jpeg = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' } as const;

/** Splits a JPEG into its marker segments, each scan with its entropy-coded data. */
function segments(bytes: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let at = 2;
  while (at < bytes.length - 1) {
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) break;
    let end = at + 2 + bytes.readUInt16BE(at + 2);
    if (marker === 0xda) while (!(bytes[end] === 0xff && bytes[end + 1] !== 0 && !(bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7))) end += 1;
    found.push(bytes.subarray(at, end));
    at = end;
  }
  return found;
}

/**
 * A progressive JPEG whose last scan is repeated: every scan is a pass over all the picture's
 * blocks, so a few hundred kilobytes of scans cost a decoder tens of seconds, whatever the pixels.
 */
async function manyScanJpeg(scans: number): Promise<Buffer> {
  const base = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: 10, g: 10, b: 10 } } })
    .jpeg({ progressive: true, mozjpeg: false })
    .toBuffer();
  const parts = segments(base);
  const lastScan = parts.filter((part) => part[1] === 0xda).at(-1)!;
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...parts, ...Array.from({ length: scans }, () => lastScan), Buffer.from([0xff, 0xd9])]);
}

describe('the work a JPEG may cost is decided from its markers too', () => {
  it('counts the scans of a progressive JPEG from its header and refuses more than a real photo has', async () => {
    const { deps } = await sites.site();
    const file = path.join(deps.dir, 'scans.jpg');
    fs.writeFileSync(file, await manyScanJpeg(2000));
    const header = await readImageHeader(file);
    expect(header.scans).toBeGreaterThan(2000);
    expect(planImage(header, jpeg)).toMatchObject({ ok: false, reason: 'tooMuchWork' });

    const honest = path.join(deps.dir, 'honest.jpg');
    fs.writeFileSync(
      honest,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: 'white' } })
        .jpeg({ progressive: true })
        .toBuffer(),
    );
    const plain = await readImageHeader(honest);
    expect(plain.scans).toBeGreaterThan(1);
    expect(planImage(plain, jpeg)).toMatchObject({ ok: true });
  });

  it('refuses such a file over HTTP with the image message, storing nothing', async () => {
    const { server } = await sites.site({ RATE_LIMIT_UPLOADS: '0' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await manyScanJpeg(2000))]), 'photo.jpg');
    const response = await new CookieClient(server.url).fetch('/api/uploads', { method: 'POST', body: form });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe('The image could not be read. It may be damaged or too large in pixels.');
  });
});
