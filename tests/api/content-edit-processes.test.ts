import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { postMedia, posts, uploads } from '../../src/server/db/schema.ts';
import { startChildServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';
import { CookieClient } from '../setup/http.ts';
import { runDir } from '../setup/paths.ts';
import { freshDatabaseUrl } from '../setup/test-db.ts';
import { imageBlob, json, sendForm, sendJson } from './rest-kit.ts';

const admin = { email: 'editor@example.org', password: 'a long test password' };
const mediaFields = ['media_title_En', 'media_title_fa', 'media_description_En', 'media_description_fa', 'link'] as const;
const columnOf = {
  media_title_En: 'titleEn',
  media_title_fa: 'titleFa',
  media_description_En: 'descriptionEn',
  media_description_fa: 'descriptionFa',
  link: 'link',
} as const;

const servers: ChildServer[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const server of servers.splice(0)) await stopChildServer(server);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function signedIn(url: string): Promise<CookieClient> {
  const client = new CookieClient(url);
  expect((await client.fetch('/sanctum/csrf-cookie')).status).toBe(204);
  expect((await sendJson(client, 'POST', '/api/login', admin)).status).toBe(200);
  return client;
}

function valueFor(field: (typeof mediaFields)[number], round: number): string {
  return field === 'link' ? `https://www.youtube.com/watch?v=round${String(round).padStart(6, '0')}` : `${field} of round ${round}`;
}

/**
 * Editing a post reads what is stored (the first media item, the cover it replaces) and writes it
 * back. Two server processes on one database (as a command-line tool beside the server, or a second
 * instance, would be) really run at the same time, so a read and write that are not one write
 * transaction lose edits, leave replaced covers behind, or fail (SQLITE_BUSY, or a serialization
 * failure on PostgreSQL that is not tried again).
 */
describe('simultaneous edits of one post from two server processes', () => {
  it('applies every edit, answers each with success, and keeps every replaced cover in the library, privately', { timeout: 120_000 }, async () => {
    dir = path.join(runDir, `edit-processes-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    const env = {
      DATABASE_URL: freshDatabaseUrl(dir),
      STORAGE_DIR: path.join(dir, 'storage'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_UPLOADS: '0',
      MEDIA_QUEUE_LIMIT: '100',
      MEDIA_WORKERS: '2',
    };
    servers.push(await startChildServer(dir, env));
    servers.push(await startChildServer(dir, env));
    const clients = await Promise.all(servers.map((server) => signedIn(server.url)));

    const create = await sendForm(
      clients[0]!,
      '/api/admin/news',
      {
        title_En: 'Edited together',
        title_fa: 'ویرایش هم‌زمان',
        description_En: 'Edited by two editors at once.',
        description_fa: 'ویرایش دو ویراستار با هم.',
        link: 'https://www.youtube.com/watch?v=start000001',
      },
      { image: await imageBlob('jpeg') },
    );
    expect(create.status, await create.clone().text()).toBe(201);
    const { id } = (await json(create)).data as { id: number };
    const image = await imageBlob('jpeg');

    const failures: string[] = [];
    const lost: string[] = [];
    const db = openDatabase(env.DATABASE_URL);
    try {
      for (let round = 0; round < 25; round += 1) {
        // Five editors change one field each of the first media item at once, on both servers; in
        // some rounds one of them replaces the cover too.
        const responses = await Promise.all(
          mediaFields.map((field, n) =>
            sendForm(clients[n % 2]!, `/api/admin/news/${id}`, { [field]: valueFor(field, round) }, round % 10 === n ? { image } : {}),
          ),
        );
        for (const response of responses) if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
        const [first] = await db.select().from(postMedia).where(eq(postMedia.postId, id)).orderBy(postMedia.position).limit(1);
        for (const field of mediaFields)
          if (first?.[columnOf[field]] !== valueFor(field, round)) lost.push(`round ${round}: ${field} is ${first?.[columnOf[field]]}`);
      }
      expect(failures).toEqual([]);
      expect(lost).toEqual([]);

      // Every replaced cover left the public side and stays in the picture library, privately; no
      // file is left without its row (a replaced cover is never lost track of, nor deleted).
      const [item] = await db.select({ image: posts.image }).from(posts).where(eq(posts.id, id));
      const cover = item!.image;
      const stemOf = (name: string) => path.basename(name).replace(/(-w\d+)?\.[a-z0-9]+$/, '');
      const filesIn = (folder: string) => {
        const folderPath = path.join(env.STORAGE_DIR, folder);
        return fs.existsSync(folderPath) ? fs.readdirSync(folderPath).filter((name) => !name.startsWith('.')) : [];
      };
      expect(filesIn('images').filter((name) => stemOf(name) !== stemOf(cover))).toEqual([]);
      expect(filesIn('images').length).toBeGreaterThan(0);
      const library = new Set((await db.select({ path: uploads.path }).from(uploads).where(eq(uploads.inLibrary, 1))).map((row) => stemOf(row.path)));
      expect(filesIn('private/images').filter((name) => !library.has(stemOf(name)))).toEqual([]);
      expect(library.size).toBeGreaterThan(1);
    } finally {
      await db.close();
    }
  });
});
