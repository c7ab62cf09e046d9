import http from 'node:http';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { makeContent } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { siteForEachTest } from '../setup/per-test.ts';

const site = siteForEachTest();

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

/** A request whose body is not decoded (fetch would undo the encoding we want to see). */
function rawGet(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${site.server.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Headers a reader can act on: not the date, connection handling or body framing. */
function meaningful(headers: http.IncomingHttpHeaders) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _te, 'content-length': _length, ...rest } = headers;
  return rest;
}

const trpcList = `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`;
const restList = '/api/news?page=1';
const longText = 'Women in Herat describe the schools they keep open, and the risks they accept to teach. '.repeat(12);

/** A title changed behind the procedures' back: the content version does not move, so a cached answer still shows the old one. */
async function retitleQuietly(id: number, title: string) {
  await site.deps.db.transaction((tx) =>
    tx
      .update(posts)
      .set({ titleEn: title, updatedAt: sql`${posts.updatedAt}` })
      .where(eq(posts.id, id)),
  );
}

describe('answers from the response cache', () => {
  it.each([trpcList, restList])('sends a hit of %s with exactly the headers of the first answer, security headers included', async (pathname) => {
    await makeContent(site.deps, 'news', { titleEn: 'Cached headline', descriptionEn: longText });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const miss = await rawGet(`${pathname}&e=${encoding}`, { 'accept-encoding': encoding });
      const hit = await rawGet(`${pathname}&e=${encoding}`, { 'accept-encoding': encoding });
      expect(hit.status).toBe(200);
      expect(meaningful(hit.headers), encoding).toEqual(meaningful(miss.headers));
      expect(hit.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      expect(hit.headers['referrer-policy']).toBe('same-origin');
      expect(hit.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
      expect(hit.headers.etag).toMatch(/^W\//);
      expect(hit.headers.vary).toMatch(/Cookie, X-Lang, Accept-Language, Accept-Encoding/);
    }
  });

  it('serves the stored answer without reading the database, in brotli, gzip or plain, all the same bytes', async () => {
    const item = await makeContent(site.deps, 'news', { titleEn: 'Original headline', descriptionEn: longText });
    const plain = await rawGet(trpcList);
    expect(plain.headers['content-encoding']).toBeUndefined();
    await retitleQuietly(item.id, 'Changed behind the cache');

    const br = await rawGet(trpcList, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);

    const gzip = await rawGet(trpcList, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body)).toEqual(plain.body);

    const identity = await rawGet(trpcList, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(plain.body);
    expect(identity.body.toString()).toContain('Original headline');

    // A reader asking only for deflate still gets it (through the site's compression).
    const deflate = await rawGet(trpcList, { 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(zlib.inflateSync(deflate.body)).toEqual(plain.body);
  });

  it('answers a hit with a 304 carrying the security headers, and a HEAD with the headers only', async () => {
    await makeContent(site.deps, 'news', { descriptionEn: longText });
    const first = await rawGet(restList);
    await rawGet(restList);
    const revalidated = await rawGet(restList, { 'if-none-match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(revalidated.headers['content-type']).toBeUndefined();
    const head = await rawGet(restList, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('forgets every answer once content changes through a procedure', async () => {
    const item = await makeContent(site.deps, 'news', { titleEn: 'Before the correction', descriptionEn: longText });
    const before = await rawGet(trpcList, { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(before.body).toString()).toContain('Before the correction');
    const { caller } = await adminCaller(site.deps);
    await caller.news.update({ id: item.id, titleEn: 'After the correction' });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const after = await rawGet(trpcList, { 'accept-encoding': encoding });
      const body = encoding === 'br' ? zlib.brotliDecompressSync(after.body) : encoding === 'gzip' ? zlib.gunzipSync(after.body) : after.body;
      expect(body.toString(), encoding).toContain('After the correction');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }
  });

  it('never answers a signed-in editor from the cache', async () => {
    const item = await makeContent(site.deps, 'news', { titleEn: 'Public headline' });
    await rawGet(restList);
    await retitleQuietly(item.id, 'Draft seen by the editor');
    const { token } = await adminCaller(site.deps);
    const editor = await rawGet(restList, { cookie: `session=${token}` });
    expect(editor.headers['cache-control']).toBe('private, no-store');
    expect(editor.body.toString()).toContain('Draft seen by the editor');
  });

  it('neither stores nor serves a streamed tRPC answer, so one reader cannot change what the others get', async () => {
    const batch = `/trpc/news.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { page: 1 } } }))}`;
    await makeContent(site.deps, 'news');
    const streamed = await rawGet(batch, { 'trpc-accept': 'application/jsonl' });
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    const plain = await rawGet(batch);
    expect(() => JSON.parse(plain.body.toString())).not.toThrow();
    const again = await rawGet(batch, { 'trpc-accept': 'application/jsonl' });
    expect(again.body.toString()).toBe(streamed.body.toString());
  });
});
