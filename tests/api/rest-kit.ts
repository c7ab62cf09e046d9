import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { SessionUser } from '../../src/server/auth/sessions.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest, type TestSite } from '../setup/per-test.ts';
import { folderOf } from '../setup/stored.ts';

/** Shared by the rest-*.test.ts files: a fresh database and server per test, and the original client's habits. */
export type RestWorld = TestSite;

export function useRestServer(env: Record<string, string> = {}): RestWorld {
  return siteForEachTest(env);
}

/** A visitor that has fetched the CSRF cookie, as the original client does first. */
export async function visitor(world: RestWorld): Promise<CookieClient> {
  const client = new CookieClient(world.server.url);
  const response = await client.fetch('/sanctum/csrf-cookie');
  expect(response.status).toBe(204);
  return client;
}

/** An editor signed in through POST /api/login, the original client's way. */
export async function signIn(world: RestWorld, user?: SessionUser): Promise<{ client: CookieClient; user: SessionUser }> {
  const editor = user ?? (await makeUser(world.deps));
  const client = await visitor(world);
  const response = await sendJson(client, 'POST', '/api/login', { email: editor.email, password: testPassword });
  expect(response.status).toBe(200);
  expect(client.cookies.has('session')).toBe(true);
  return { client, user: editor };
}

/** JSON as axios sends it: the XSRF header copied from the cookie unless told otherwise. */
export function sendJson(client: CookieClient, method: string, pathname: string, body?: unknown, headers: Record<string, string> = client.xsrfHeaders()) {
  return client.fetch(pathname, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A multipart form as the original admin and public forms send it, files included. */
export function sendForm(
  client: CookieClient,
  pathname: string,
  fields: Record<string, string>,
  files: Record<string, Blob> = {},
  headers: Record<string, string> = client.xsrfHeaders(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, blob] of Object.entries(files)) form.append(name, blob, `${name}.${blob.type.split('/')[1] ?? 'bin'}`);
  return client.fetch(pathname, { method: 'POST', headers: { accept: 'application/json', ...headers }, body: form });
}

export function get(client: CookieClient, pathname: string, headers: Record<string, string> = {}) {
  return client.fetch(pathname, { headers: { accept: 'application/json', ...headers } });
}

/** A real image, made by sharp as the factories make theirs. */
export async function imageBlob(format: 'png' | 'jpeg' = 'png'): Promise<Blob> {
  const bytes = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 30, b: 80 } } })
    .toFormat(format)
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: `image/${format}` });
}

/** A real, tiny MP4 video, encoded by the ffmpeg the server cleans videos with. */
export async function videoBlob(world: RestWorld): Promise<Blob> {
  const file = path.join(world.deps.dir, `clip-${Date.now()}.mp4`);
  await promisify(execFile)(ffmpeg.path, [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=32x32:d=0.2',
    '-c:v',
    'mpeg4',
    '-f',
    'mp4',
    file,
  ]);
  return new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'video/mp4' });
}

/** Text that claims to be a PNG: the server goes by the bytes, not the declared type. */
export function fakeImageBlob(): Blob {
  return new Blob(['this is not an image at all'], { type: 'image/png' });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
export async function json(response: Response): Promise<any> {
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return response.json();
}

/** Every stored file, responsive variants included, to see that refused or deleted items leave nothing behind. */
export function storedFiles(world: RestWorld): string[] {
  // Both sides of the storage: public folders, and the private ones where uploads start.
  return ['images', 'videos', 'private/images', 'private/videos'].flatMap((folder) => {
    const dir = path.join(folderOf(world.deps.storage).root, folder);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => !name.startsWith('.'))
          .map((name) => `${folder}/${name}`)
      : [];
  });
}

/** The stored files visitors can fetch (the public side), responsive variants included. */
export function publicFiles(world: RestWorld): string[] {
  return storedFiles(world).filter((file) => !file.startsWith('private/'));
}

/** The stored uploads themselves, without the responsive variants the server derives from images. */
export function storedOriginals(world: RestWorld): string[] {
  return storedFiles(world).filter((file) => !/-w\d+\.[a-z0-9]+$/.test(file));
}

export const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
export const storedImagePath = expect.stringMatching(/^images\/[a-z0-9]+\.(png|jpg)$/);
