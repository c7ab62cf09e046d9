import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { storeUpload } from '../../src/server/uploads/store.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { makeContact, makeStory, unique } from './index.ts';
import { replayingMediaWorkers } from './cleaned-image.ts';

const palettes = [
  ['#5b2245', '#d49dbd'],
  ['#1f3b4d', '#6fb3b8'],
  ['#4a3b2a', '#d6a35f'],
  ['#2d2a4a', '#9b8ec9'],
] as const;
let drawn = 0;

/**
 * A real image file an editor might pick (a soft gradient with a shape, no text), written with
 * sharp to the test's temporary folder, for page.setInputFiles.
 */
export async function writeIllustration(deps: TestDeps, options: { format?: 'jpeg' | 'png'; width?: number; height?: number } = {}): Promise<string> {
  const { format = 'jpeg', width = 800, height = 500 } = options;
  const [dark, light] = palettes[drawn++ % palettes.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * (0.25 + 0.15 * (drawn % 3))}" cy="${height * 0.42}" r="${height * 0.3}" fill="#fff" fill-opacity="0.18"/>
    <path d="M0 ${height * 0.78} Q ${width * 0.3} ${height * 0.6} ${width * 0.62} ${height * 0.8} T ${width} ${height * 0.7} V ${height} H 0 Z" fill="#fff" fill-opacity="0.22"/>
  </svg>`;
  const file = path.join(deps.dir, `${unique('picked')}.${format === 'jpeg' ? 'jpg' : 'png'}`);
  await sharp(Buffer.from(svg)).toFormat(format).toFile(file);
  return file;
}

/** The same kind of image, stored as the upload endpoint would store it. */
export async function makeIllustrationUpload(deps: TestDeps) {
  const file = await writeIllustration(deps, { width: 640, height: 400 });
  fs.mkdirSync(deps.storage.scratch, { recursive: true });
  const temp = path.join(deps.storage.scratch, unique('in'));
  fs.copyFileSync(file, temp);
  return storeUpload({ ...deps, mediaWorkers: replayingMediaWorkers(deps.mediaWorkers) }, temp, { allowVideo: false });
}

/** A pending contact message with an attached image; returns its id. */
export async function makeContactWithImage(deps: TestDeps, overrides: { name?: string; email?: string; message?: string } = {}) {
  const upload = await makeIllustrationUpload(deps);
  return makeContact(deps, { ...overrides, imageUploadId: upload.id });
}

/** A pending story with an image; returns its id. */
export async function makeStoryWithImage(deps: TestDeps, overrides: { title?: string; description?: string } = {}) {
  const upload = await makeIllustrationUpload(deps);
  return makeStory(deps, { ...overrides, mediaUploadId: upload.id });
}
