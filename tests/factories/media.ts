import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { storeUpload, type StoredUpload } from '../../src/server/uploads/store.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { unique } from './index.ts';
import { listedNames } from '../setup/stored.ts';

const run = promisify(execFile);

/** Tehran, as a phone would record it: the coordinates that must never reach storage. */
export const secretPlace = {
  latitude: [35, 41, 21] as const,
  longitude: [51, 23, 20] as const,
  iso6709: '+35.6892+051.3890/',
  cameraMake: 'LeakyCam',
};

/** A JPEG whose EXIF carries a GPS block (IFD3) and a camera make, and whose XMP repeats the position. */
export async function makeJpegWithGps(deps: TestDeps, size = { width: 96, height: 64 }): Promise<string> {
  const file = path.join(deps.dir, `${unique('gps')}.jpg`);
  const [latD, latM, latS] = secretPlace.latitude;
  const [lonD, lonM, lonS] = secretPlace.longitude;
  await sharp({ create: { width: size.width, height: size.height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({
      IFD0: { Make: secretPlace.cameraMake, Model: 'Model-7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: `${latD}/1 ${latM}/1 ${latS}/1`,
        GPSLongitudeRef: 'E',
        GPSLongitude: `${lonD}/1 ${lonM}/1 ${lonS}/1`,
      },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="35,41.35N" exif:GPSLongitude="51,23.33E"/></rdf:RDF></x:xmpmeta>`,
    )
    .jpeg()
    .toFile(file);
  return file;
}

/** Whether the first IFD of an EXIF block points to a GPS IFD (tag 0x8825). */
export function exifHasGpsPointer(exif: Buffer): boolean {
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const little = exif.subarray(start, start + 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? exif.readUInt16LE(start + at) : exif.readUInt16BE(start + at));
  const u32 = (at: number) => (little ? exif.readUInt32LE(start + at) : exif.readUInt32BE(start + at));
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let i = 0; i < entries; i += 1) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** The bytes of the GPS latitude as EXIF stores it (three little-endian rationals n/1). */
export function gpsLatitudeBytes(): Buffer {
  const bytes = Buffer.alloc(24);
  secretPlace.latitude.forEach((value, i) => {
    bytes.writeUInt32LE(value, i * 8);
    bytes.writeUInt32LE(1, i * 8 + 4);
  });
  return bytes;
}

/** A PNG large enough to exceed small limits: random pixels do not compress. */
export async function makeNoisyPng(deps: TestDeps, edge: number): Promise<string> {
  const file = path.join(deps.dir, `${unique('noise')}.png`);
  const pixels = Buffer.alloc(edge * edge * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  await sharp(pixels, { raw: { width: edge, height: edge, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(file);
  return file;
}

let ffmpegChecked = false;
async function ffmpegRun(args: string[]): Promise<void> {
  if (!ffmpegChecked) {
    fs.chmodSync(ffmpeg.path, 0o755);
    ffmpegChecked = true;
  }
  await run(ffmpeg.path, ['-v', 'error', '-nostdin', '-y', ...args], { timeout: 60_000 });
}

/**
 * A one-second 64x64 video carrying the secret location. As MP4 the bundled ffmpeg writes it as a
 * `location` metadata key (use_metadata_tags, like phones' mdta keys); as MOV it writes the classic
 * QuickTime `©xyz` user-data atom.
 */
export async function makeVideoWithLocation(deps: TestDeps, container: 'mp4' | 'mov' = 'mp4'): Promise<string> {
  const file = path.join(deps.dir, `${unique('video')}.${container}`);
  await ffmpegRun([
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1:size=64x64:rate=10',
    '-c:v',
    'mpeg4',
    '-metadata',
    `location=${secretPlace.iso6709}`,
    '-metadata',
    `make=${secretPlace.cameraMake}`,
    ...(container === 'mp4' ? ['-movflags', 'use_metadata_tags', '-f', 'mp4'] : ['-f', 'mov']),
    file,
  ]);
  return file;
}

/** A plain-text file, whatever name the test later sends it under. */
export function makeTextFile(deps: TestDeps, text = 'This is not an image, whatever its name says.\n'): string {
  const file = path.join(deps.dir, `${unique('text')}.txt`);
  fs.writeFileSync(file, text);
  return file;
}

/** Every regular file under a folder, relative to it: what the storage really holds. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Stores a small video exactly as the upload endpoint does for a story, and returns its record. */
export async function makeVideoUpload(deps: TestDeps): Promise<StoredUpload> {
  const file = await makeVideoWithLocation(deps);
  const temp = path.join(deps.storage.scratch, unique('in'));
  fs.copyFileSync(file, temp);
  return storeUpload(deps, temp, { allowVideo: true });
}

/** Every stored file made from one upload: the file itself and any responsive variants named after it. */
export async function filesOfUpload(deps: TestDeps, relativePath: string): Promise<string[]> {
  const stem = path.basename(relativePath).replace(/\.[a-z0-9]+$/, '');
  // Stored paths name a file on either side of the storage (public, or under private/).
  return (await listedNames(deps.storage)).filter((file) => path.basename(file).startsWith(stem)).map((file) => file.replace(/^private\//, ''));
}
