import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { removeStaleUploads } from '../../src/server/uploads/store.ts';
import { makeContent, makeImageUpload, makeLegalItem } from '../factories/index.ts';
import { filesOfUpload, makeVideoUpload } from '../factories/media.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { folderOf } from '../setup/stored.ts';

const site = siteForEachTest();
let browser: CookieClient;
beforeEach(async () => {
  browser = new CookieClient(site.server.url);
});

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"}', async () => {
    const response = await browser.fetch('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /storage', () => {
  it('serves a published item’s image with its content type and nosniff', async () => {
    const { image } = await makeContent(site.deps, 'news');
    const response = await browser.fetch(`/storage/${image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fs.readFileSync(folderOf(site.deps.storage).absolute(image)));
  });

  it('serves a published item’s video as video/mp4', async () => {
    const video = await makeVideoUpload(site.deps);
    await makeLegalItem(site.deps, { mediaUploadId: video.id });
    const response = await browser.fetch(`/storage/${video.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('closes the file it opened for a reader who left before her answer was sent', async () => {
    const { image } = await makeContent(site.deps, 'news');
    const file = fs.realpathSync(folderOf(site.deps.storage).absolute(image));
    const { port } = new URL(site.server.url);
    for (let reader = 0; reader < 20; reader++) {
      // The request, and at once the end of the connection: the server finds its reader gone when it has the file.
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.write(`GET /storage/${image} HTTP/1.1\r\nHost: localhost\r\n\r\n`, resolve));
      socket.destroy();
    }
    expect((await browser.fetch(`/storage/${image}`)).status).toBe(200);
    // The server runs in this process: what it holds open is in this process's descriptors.
    const openOnFile = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    const deadline = Date.now() + 2_000;
    while (openOnFile() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openOnFile()).toBe(0);
  });

  it('says nothing of when a file was sent (no Last-Modified, no ETag made from its time), and still serves ranges of a video', async () => {
    const { image } = await makeContent(site.deps, 'news');
    const video = await makeVideoUpload(site.deps);
    await makeLegalItem(site.deps, { mediaUploadId: video.id });
    for (const stored of [image, video.path]) {
      const first = await browser.fetch(`/storage/${stored}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('last-modified')).toBeNull();
      // The same file at another time gives the same validator: the time is in none of them.
      const file = folderOf(site.deps.storage).absolute(stored);
      const sent = new Date('2026-03-08T09:30:00Z');
      fs.utimesSync(file, sent, sent);
      const later = await browser.fetch(`/storage/${stored}`);
      expect(later.headers.get('last-modified')).toBeNull();
      expect(later.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(later.headers.get('etag')).not.toContain(sent.getTime().toString(16));
      // (fetch adds `Cache-Control: no-cache` to a conditional request unless it carries its own.)
      const again = await browser.fetch(`/storage/${stored}`, { headers: { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' } });
      expect(again.status).toBe(304);
    }
    const range = await browser.fetch(`/storage/${video.path}`, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toHaveLength(100);
  });

  it('does not serve files still in the incoming folder', async () => {
    fs.writeFileSync(path.join(site.deps.storage.scratch, 'abc123'), 'half-received upload');
    for (const url of ['/storage/.incoming/abc123', '/storage/%2eincoming/abc123', '/storage/images/../.incoming/abc123']) {
      const response = await browser.fetch(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('half-received');
    }
  });

  it('does not serve dotfiles or half-written files', async () => {
    fs.writeFileSync(path.join(folderOf(site.deps.storage).root, 'images/.secret'), 'hidden');
    fs.writeFileSync(path.join(folderOf(site.deps.storage).root, 'images/abc.png.part'), 'partial');
    fs.writeFileSync(path.join(folderOf(site.deps.storage).root, '.env'), 'SECRET=1');
    for (const url of ['/storage/images/.secret', '/storage/images/abc.png.part', '/storage/.env']) {
      const response = await browser.fetch(url);
      expect(response.status, url).toBe(404);
    }
  });

  it('answers 404, not an error, for a file that is not there', async () => {
    const response = await browser.fetch('/storage/images/0123456789abcdef0123456789abcdef.png');
    expect(response.status).toBe(404);
  });
});

describe('removeStaleUploads', () => {
  it('removes uploads no item claimed within the grace period, files first, and keeps the rest', async () => {
    const stale = await makeImageUpload(site.deps);
    const recent = await makeImageUpload(site.deps);
    const item = await makeContent(site.deps, 'news');
    // Kept to the day it came, an upload is swept a day after the end of that day at the latest.
    const twoDaysAndMinuteAgo = new Date(Date.now() - 48 * 3_600_000 - 60_000);
    await site.deps.db.transaction((tx) => tx.update(uploads).set({ createdAt: twoDaysAndMinuteAgo }).where(eq(uploads.id, stale.id)));
    await site.deps.db.transaction((tx) => tx.update(uploads).set({ createdAt: twoDaysAndMinuteAgo }).where(eq(uploads.path, item.image)));

    expect(await removeStaleUploads(site.deps)).toBe(1);
    expect(await filesOfUpload(site.deps, stale.path)).toEqual([]);
    expect((await site.deps.db.select().from(uploads).where(eq(uploads.id, stale.id)).limit(1))[0]).toBeUndefined();
    expect(fs.existsSync(folderOf(site.deps.storage).absolute(recent.path))).toBe(true);
    expect(fs.existsSync(folderOf(site.deps.storage).absolute(item.image))).toBe(true);
    expect(await removeStaleUploads(site.deps)).toBe(0);
  });

  it('takes the grace period and the present moment as arguments', async () => {
    const upload = await makeImageUpload(site.deps);
    // The grace period counts from the end of the day the upload is kept to.
    expect(await removeStaleUploads(site.deps, 60_000, Date.now() + 30_000)).toBe(0);
    expect(await removeStaleUploads(site.deps, 60_000, Date.now() + 86_400_000 + 120_000)).toBe(1);
    expect(fs.existsSync(folderOf(site.deps.storage).absolute(upload.path))).toBe(false);
  });

  it('leaves a claimed upload in place however old', async () => {
    const item = await makeContent(site.deps, 'article');
    expect(await removeStaleUploads(site.deps, 0, Date.now() + 365 * 86_400_000)).toBe(0);
    expect(fs.existsSync(folderOf(site.deps.storage).absolute(item.image))).toBe(true);
  });
});
