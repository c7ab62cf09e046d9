import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdnPurges } from '../../src/server/db/schema.ts';
import { decideLanguage, type LanguageHints } from '../../src/shared/locale.ts';
import { imageBlob, json, sendForm, sendJson } from '../api/rest-kit.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { freePort } from '../setup/postgres-server.ts';
import { startCluster, Visitor, type Cluster } from './cluster-kit.ts';
import { waitFor } from './haproxy.ts';
import { startNginx, type CacheProxy } from './nginx.ts';

/**
 * Issue 26, a cache in front: Debian's nginx with the purge module, configured by the very file
 * docs/deploy.md documents (deploy/nginx/site.conf), in front of two app nodes on PostgreSQL.
 * Answers are kept an hour (s-maxage), so a change that reaches readers sooner came by the purge.
 */

let cluster: Cluster;
let proxy: CacheProxy;
let dir: string;
let editor: { email: string; id: number };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-cache-'));
  const [site, purge] = [await freePort(), await freePort()];
  cluster = await startCluster({
    CDN_LANGUAGE_HEADER: 'X-Cache-Language',
    CDN_PURGE_STYLE: 'nginx',
    CDN_PURGE_URL: `http://127.0.0.1:${purge}`,
    CDN_MAX_AGE_SECONDS: '3600',
    CDN_STALE_SECONDS: '0',
    CDN_PURGE_RETRY_SECONDS: '1',
    // Every reader here comes from loopback (one shared client): no budget may hold the test's renders.
    VISITOR_WORK_MS_PER_SECOND: '0',
  });
  proxy = await startNginx(
    dir,
    { site: site!, purge: purge! },
    cluster.nodes.map((node) => Number(new URL(node.url).port)),
  );
  editor = await makeUser(cluster.deps, { name: 'Cache editor' });
});

afterAll(async () => {
  await proxy?.stop();
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const reader = (headers: Record<string, string> = {}) => ({
  get: (pathname: string) => fetch(`${proxy.url}${pathname}`, { headers: { accept: 'text/html', ...headers } }),
});

async function signedInEditor(): Promise<Visitor> {
  const client = new Visitor(proxy.url, '198.51.100.7');
  expect((await client.fetch('/sanctum/csrf-cookie')).status).toBe(204);
  expect((await sendJson(client, 'POST', '/api/login', { email: editor.email, password: testPassword })).status).toBe(200);
  return client;
}

const newsForm = (title: string) => ({
  title_En: title,
  title_fa: `خبر ${title}`,
  description_En: `About ${title}.`,
  description_fa: 'متن.',
  image_alt_En: title,
  image_alt_fa: 'تصویر',
});

async function publishNews(client: Visitor, title: string): Promise<number> {
  const response = await sendForm(client, '/api/admin/news', { ...newsForm(title), status: 'published' }, { image: await imageBlob() });
  expect(response.status).toBe(201);
  return (await json(response)).data.id as number;
}

const status = (response: Response) => response.headers.get('x-cache-status');
const htmlLang = (text: string) => /<html lang="(en|fa)"/.exec(text)?.[1];

/** Reads until nginx answers from its cache (the first read may find the node still filling it). */
async function cachedRead(get: () => Promise<Response>): Promise<{ response: Response; text: string }> {
  let last: { response: Response; text: string } | undefined;
  await waitFor(
    async () => {
      const response = await get();
      last = { response, text: await response.text() };
      return status(response) === 'HIT';
    },
    { timeoutMs: 5_000, what: () => `a HIT (last: ${last ? status(last.response) : 'none'})` },
  );
  return last!;
}

describe('nginx as the cache in front of two nodes', () => {
  let editorClient: Visitor;
  let id: number;

  beforeAll(async () => {
    editorClient = await signedInEditor();
    id = await publishNews(editorClient, 'Cached teachers');
  });

  it('serves anonymous pages, API reads, feeds and the sitemap from its cache, each naming what it contains', async () => {
    for (const pathname of [`/news/${id}`, '/latestnews', '/api/news', `/api/news/${id}`, '/rss/en/news.xml', '/sitemap.xml']) {
      const first = await reader().get(pathname);
      await first.text();
      expect(first.status, pathname).toBe(200);
      expect(['MISS', 'HIT'], pathname).toContain(status(first));
      const { response, text } = await cachedRead(() => reader().get(pathname));
      expect(response.headers.get('cache-control'), pathname).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=0');
      expect(response.headers.get('set-cookie'), pathname).toBeNull();
      const tags = response.headers.get('cache-tag')!.split(',');
      expect(response.headers.get('surrogate-key')!.split(' '), pathname).toEqual(tags);
      expect(tags, pathname).toContain('site');
      expect(tags, pathname).toContain(pathname.includes(String(id)) ? `news-${id}` : 'list-news');
      if (pathname !== '/sitemap.xml') expect(text, pathname).toContain('Cached teachers');
    }
  });

  it('keeps one coding per entry, and never sends a reader a coding she did not accept', async () => {
    const gzipped = await cachedRead(() => reader({ 'accept-encoding': 'gzip, br' }).get('/latestnews'));
    expect(gzipped.response.headers.get('content-encoding')).toBe('gzip');
    for (const accepted of ['identity', 'br', 'deflate']) {
      const response = await reader({ 'accept-encoding': accepted }).get('/latestnews');
      expect(status(response), accepted).toBe('HIT');
      expect(response.headers.get('content-encoding'), accepted).toBeNull();
      expect(await response.text(), accepted).toContain('</html>');
    }
  });

  it('never keeps an uploaded file, which turns private the moment its item is withdrawn', async () => {
    const { image } = (await (await reader({ accept: 'application/json' }).get(`/api/news/${id}`)).json()) as { image: string };
    const file = `/storage/${image}`;
    for (let i = 0; i < 3; i++) {
      const response = await reader().get(file);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(status(response)).toBeNull();
    }
  });

  it('never answers a signed-in editor from the cache, and never keeps what she was sent', async () => {
    await cachedRead(() => reader().get(`/news/${id}`));
    const mine = await editorClient.fetch(`/news/${id}`, { headers: { accept: 'text/html' } });
    await mine.text();
    expect(status(mine)).toBe('BYPASS');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    // An address nobody read before: the editor's read leaves nothing for the next reader.
    const fresh = await editorClient.fetch('/articles', { headers: { accept: 'text/html' } });
    await fresh.text();
    expect(status(fresh)).toBe('BYPASS');
    const next = await reader().get('/articles');
    expect(status(next)).toBe('MISS');
    expect(await next.text()).not.toContain('Cache editor');
  });

  it('shows a published change to the next anonymous reader at once, through the purge', async () => {
    const before = await cachedRead(() => reader().get(`/news/${id}`));
    expect(before.text).toContain('Cached teachers');
    await cachedRead(() => reader().get('/latestnews'));
    await cachedRead(() => reader({ 'accept-language': 'fa' }).get(`/news/${id}`));
    const saved = await sendForm(editorClient, `/api/admin/news/${id}`, { title_En: 'Purged teachers', title_fa: 'معلمان پاک‌شده' });
    expect(saved.status).toBe(200);
    await waitFor(async () => (await (await reader().get(`/news/${id}`)).text()).includes('Purged teachers'), {
      timeoutMs: 10_000,
      what: () => 'the changed title on the item page through nginx',
    });
    expect(await (await reader().get('/latestnews')).text()).toContain('Purged teachers');
    expect(await (await reader({ 'accept-language': 'fa' }).get(`/news/${id}`)).text()).toContain('معلمان پاک‌شده');
    // Once per change, by one node, and gone once it succeeded.
    await waitFor(async () => (await cluster.deps.db.select().from(cdnPurges)).length === 0, { timeoutMs: 5_000, what: () => 'an empty purge outbox' });
  });

  it('keeps each language apart, as the site decides it, and no reader gets another reader’s language or cookies', async () => {
    const cases: { query?: string; headers: Record<string, string>; hints: LanguageHints }[] = [
      { headers: {}, hints: {} },
      { headers: { 'accept-language': 'fa-IR,fa;q=0.9,en;q=0.5' }, hints: { acceptLanguage: 'fa-IR,fa;q=0.9,en;q=0.5' } },
      { headers: { 'accept-language': 'en-US,fa;q=0.9' }, hints: { acceptLanguage: 'en-US,fa;q=0.9' } },
      { headers: { cookie: 'lang=fa' }, hints: { cookie: 'fa' } },
      { headers: { cookie: 'lang=fa', 'accept-language': 'en' }, hints: { cookie: 'fa', acceptLanguage: 'en' } },
      { headers: { cookie: 'lang=xx', 'accept-language': 'fa' }, hints: { cookie: 'xx', acceptLanguage: 'fa' } },
      { headers: { 'x-lang': 'fa', cookie: 'lang=en' }, hints: { header: 'fa', cookie: 'en' } },
      { headers: { 'x-lang': 'en', 'accept-language': 'fa' }, hints: { header: 'en', acceptLanguage: 'fa' } },
      { headers: { 'x-lang': 'FA', 'accept-language': 'en' }, hints: { header: 'FA', acceptLanguage: 'en' } },
      { headers: { cookie: 'lang=FA' }, hints: { cookie: 'FA' } },
      { headers: { 'x-lang': 'en, fa', cookie: 'lang=fa' }, hints: { header: 'en, fa', cookie: 'fa' } },
      // What a client claims the cache decided is overwritten by the cache's own decision.
      { headers: { 'x-cache-language': 'fa' }, hints: {} },
      // The address's ?lang= first (with the cookie already holding it: nothing to remember).
      {
        query: 'fa',
        headers: { cookie: 'lang=fa', 'x-lang': 'en', 'accept-language': 'en' },
        hints: { query: 'fa', cookie: 'fa', header: 'en', acceptLanguage: 'en' },
      },
      { query: 'en', headers: { cookie: 'lang=en', 'accept-language': 'fa' }, hints: { query: 'en', cookie: 'en', acceptLanguage: 'fa' } },
      { query: 'xx', headers: { 'accept-language': 'fa' }, hints: { query: 'xx', acceptLanguage: 'fa' } },
    ];
    for (const round of [1, 2]) {
      for (const { query, headers, hints } of cases) {
        const response = await reader(headers).get(query ? `/about?lang=${query}` : '/about');
        const text = await response.text();
        expect(htmlLang(text), `${query ?? ''} ${JSON.stringify(headers)} (round ${round})`).toBe(decideLanguage(hints));
        expect(response.headers.get('set-cookie')).toBeNull();
        if (round === 2) expect(status(response), JSON.stringify(headers)).toBe('HIT');
      }
    }
  });

  it('never lets a reader’s ?lang=fa change what the next English reader gets', async () => {
    await cachedRead(() => reader().get('/reports'));
    const choosing = await reader().get('/reports?lang=fa');
    expect(htmlLang(await choosing.text())).toBe('fa');
    expect(choosing.headers.get('set-cookie')).toMatch(/^lang=fa/);
    expect(status(choosing)).toBe('BYPASS');
    const english = await reader().get('/reports');
    expect(htmlLang(await english.text())).toBe('en');
    expect(status(english)).toBe('HIT');
    // A reader who already holds the choice is kept under that address; a reader who follows the
    // same link without it still gets the cookie that remembers it, never that stored copy.
    await cachedRead(() => reader({ cookie: 'lang=fa' }).get('/reports?lang=fa'));
    const newcomer = await reader().get('/reports?lang=fa');
    expect(newcomer.headers.get('set-cookie')).toMatch(/^lang=fa/);
    expect(htmlLang(await newcomer.text())).toBe('fa');
    expect(htmlLang(await (await reader({ 'accept-language': 'en' }).get('/reports')).text())).toBe('en');
  });
});
