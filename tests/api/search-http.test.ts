import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newsletterSubscribers } from '../../src/server/db/schema.ts';
import { insertPost, insertStory } from '../factories/search-content.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
let server: TestServer;
let postId: number;
beforeAll(async () => {
  deps = createTestDeps();
  postId = await insertPost(deps, {
    titleEn: 'Midwives <b>train</b> in Bamyan',
    titleFa: 'آموزش ماماها در بامیان',
    descriptionEn: 'Twelve midwives finished their training. <script>alert(1)</script>',
    descriptionFa: 'دوازده ماما آموزش خود را در ۱۴۰۲ به پایان رساندند.',
    country: 'afghanistan',
  });
  for (let index = 0; index < 12; index++) await insertPost(deps, { titleEn: `Flood update ${index}`, daysAgo: index });
  await insertStory(deps, { title: 'A pending midwife story', description: 'Not public yet.', published: false });
  server = await startServer(deps);
});
afterAll(async () => {
  await server.close();
  await deps.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

describe('GET /api/search', () => {
  it('answers a Laravel paginator of cards, with the matched words in <mark> and all else escaped', async () => {
    const response = await get('/api/search?q=midwives');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1 });
    expect(body.data).toEqual([
      {
        type: 'news',
        id: postId,
        title: 'Midwives <b>train</b> in Bamyan',
        title_html: '<mark>Midwives</mark> &lt;b&gt;train&lt;/b&gt; in Bamyan',
        title_lang: 'en',
        snippet: 'Twelve <mark>midwives</mark> finished their training. &lt;script&gt;alert(1)&lt;/script&gt;',
        snippet_lang: 'en',
        date: expect.any(String),
        country: 'afghanistan',
        image: 'images/none.jpg',
      },
    ]);
  });

  it('answers in the language asked for, with Persian digits in Persian text', async () => {
    const body = await (await get(`/api/search?q=${encodeURIComponent('ماما')}&lang=fa`)).json();
    expect(body.data[0]).toMatchObject({ id: postId, title: 'آموزش ماماها در بامیان', title_lang: 'fa' });
    expect(body.data[0].snippet).toContain('۱۴۰۲');
    const viaHeader = await (await get(`/api/search?q=${encodeURIComponent('اموزش')}`, { 'X-Lang': 'fa' })).json();
    expect(viaHeader.data[0]).toMatchObject({ id: postId, title: 'آموزش ماماها در بامیان' });
  });

  it('pages and filters', async () => {
    const second = await (await get('/api/search?q=flood&page=2')).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 12, from: 11, to: 12 });
    expect((await (await get('/api/search?q=flood&type=article')).json()).total).toBe(0);
    expect((await (await get('/api/search?q=midwives&country=iran')).json()).total).toBe(0);
  });

  it('answers 422 with a message for an empty or missing query, a bad filter or a query over 200 characters', async () => {
    for (const path of ['/api/search', '/api/search?q=', '/api/search?q=%20%20']) {
      const response = await get(path);
      expect(response.status, path).toBe(422);
      expect(await response.json()).toMatchObject({ message: 'Type a word to search for.', errors: { q: ['Type a word to search for.'] } });
    }
    const long = await get(`/api/search?q=${'a'.repeat(201)}&lang=fa`);
    expect(long.status).toBe(422);
    expect((await long.json()).errors.q).toEqual(['عبارت جست‌وجو بیش از اندازه بلند است: حداکثر ۲۰۰ نویسه بنویسید.']);
    expect((await get('/api/search?q=x&type=users')).status).toBe(422);
    expect((await get('/api/search?q=x&page=-1')).status).toBe(422);
  });

  it('never fails on a hostile query', async () => {
    const hostile = [
      '"',
      '""',
      "'",
      'NEAR(a b)',
      'a OR',
      'title_en:x',
      '*',
      '(',
      ')',
      '{a}:b',
      '^a',
      'a AND NOT',
      '%00',
      '%E2%80%8C',
      '%F0%9F%99%82',
      '%FF',
      '<script>',
      'q[]=x',
      'a'.repeat(200),
    ];
    for (const q of hostile) {
      const response = await get(`/api/search?q=${q.startsWith('%') ? q : encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await get('/api/search?q[]=a&q[]=b')).status).toBe(422);
    expect((await get('/api/search?q=a&q=b')).status).toBe(422);
  });

  it('never finds a pending story', async () => {
    const body = await (await get('/api/search?q=pending')).json();
    expect(body.total).toBe(0);
  });

  it('is never cached: no copy of a query is kept on the server or in the browser', async () => {
    const trpc = (procedure: string, input: object) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const lists = [trpc('gallery.list', { q: 'flood' })];
    const batch = `/trpc/news.list,gallery.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} }, 1: { json: { q: 'flood' } } }))}`;
    for (const path of ['/api/search?q=flood', trpc('search.query', { q: 'flood' }), ...lists, batch]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('never writes a query to the log, even when the address around it is refused', async () => {
    // The pages' fallback route too (the one that renders /search), with a client of one file.
    const clientDir = path.join(deps.dir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const site = await startServer(deps, { clientDir });
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level).mockImplementation(capture));
    try {
      // A path that cannot be decoded, a body that cannot be read, a refused page: all 4xx with the query in the address.
      expect((await fetch(`${site.url}/search%E0%A4?q=secretquery1`)).status).toBe(400);
      expect((await get('/api/news/%E0%A4?q=secretquery2&lang=fa')).status).toBe(400);
      const bad = await fetch(`${server.url}/api/search?q=secretquery3`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect((await get('/api/search?q=secretquery4&page=abc')).status).toBe(422);
      expect((await get(`/trpc/search.query?input=${encodeURIComponent('{"json":{"q":"secretquery5"')}`)).status).toBe(400);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await site.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes('secretquery'))).toEqual([]);
  });
});

describe('searching without putting the words in an address', () => {
  it('POST /search answers with a redirect to an address without the words (tests/api/search-kept.test.ts), never stored by a cache', async () => {
    const clientDir = path.join(deps.dir, 'client-post');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="en" dir="ltr"><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    const site = await startServer(deps, { clientDir });
    try {
      const sameSite = { 'content-type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', Origin: site.url };
      const answer = await fetch(`${site.url}/search?lang=fa`, { method: 'POST', headers: sameSite, body: 'q=flood&type=news', redirect: 'manual' });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toMatch(/^\/search\/r\/[A-Za-z0-9_-]{22}\?lang=fa$/);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      // The footer's newsletter form posts to the page it is on: on /search it still subscribes.
      const email = 'reader-on-search@example.org';
      const subscribed = await fetch(`${site.url}/search`, {
        method: 'POST',
        headers: sameSite,
        body: `_form=newsletter&email=${encodeURIComponent(email)}`,
        redirect: 'manual',
      });
      expect(subscribed.status).toBe(303);
      expect((await deps.db.select().from(newsletterSubscribers)).map((row) => row.email)).toContain(email);
    } finally {
      await site.close();
    }
  });

  it('tRPC takes a search as a post, so the words travel in a body', async () => {
    const answer = await fetch(`${server.url}/trpc/search.query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Origin: server.url },
      body: JSON.stringify({ json: { q: 'midwives' } }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { result: { data: { json: { total: number } } } };
    expect(body.result.data.json.total).toBe(1);
  });
});
