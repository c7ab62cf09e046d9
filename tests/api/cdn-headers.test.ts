import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sharedAnswer } from '../../src/server/cache/shared-cache.ts';
import { envFor } from '../../src/server/env.ts';
import { slowDown } from '../../src/server/http/slow-down.ts';
import { makeContent } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { sourcePages } from '../setup/source-pages.ts';

/**
 * Decision 038: what a cache in front is told by each kind of answer. Anonymous public reads may be
 * kept by shared caches and name what they contain; anything that depends on a session, a language
 * choice being remembered, a search or a visitor's budget is never shared.
 */

const started = sitesStartedInTests();
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';
const trpcList = `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`;

async function site(env: Record<string, string> = {}) {
  const deps = started.deps(env);
  const item = await makeContent(deps, 'news', { status: 'published', titleEn: 'Tagged teachers' });
  const draft = await makeContent(deps, 'news', { status: 'draft' });
  const server = await started.serve(deps, { clientDir: sourcePages(deps) });
  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(server.url + pathname, { headers, redirect: 'manual' });
  // Until the renderer has loaded, no page has a canonical address, so none is kept or shared.
  const warm = { 'x-cache-language': 'en' };
  for (let tries = 0; !(await get('/about', warm)).headers.get('cache-control')?.startsWith('public'); tries++) {
    if (tries > 100) throw new Error('The page renderer never loaded');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { deps, item, draft, get, server };
}

const tagsOf = (response: Response) => response.headers.get('cache-tag')?.split(',') ?? [];

describe('answers a shared cache may keep', () => {
  it('public pages, API reads, tRPC reads, feeds and the sitemap are shared-cacheable and name what they contain, from memory too', async () => {
    const { item, draft, get } = await site();
    const expected: [string, string[]][] = [
      [`/news/${item.id}`, [`news-${item.id}`]],
      ['/latestnews', ['list-news']],
      ['/', ['list-news', 'list-articles', 'list-reports']],
      ['/api/news?page=1', ['list-news']],
      [`/api/news/${item.id}`, [`news-${item.id}`]],
      [trpcList, ['list-news']],
      ['/rss/en/news.xml', ['list-news']],
      ['/sitemap.xml', ['list-news', 'list-articles', 'list-reports', 'list-legal']],
    ];
    for (const [pathname, tags] of expected) {
      // A reader who takes only deflate is answered from memory through the site's compression.
      for (const round of ['made', 'from memory', 'from memory, deflated']) {
        const response = await get(pathname, round.endsWith('deflated') ? { 'accept-encoding': 'deflate' } : {});
        await response.arrayBuffer();
        const what = `${pathname} (${round})`;
        expect(response.status, what).toBe(200);
        expect(response.headers.get('cache-control'), what).toBe(SHARED);
        expect(response.headers.get('vary'), what).toMatch(/Cookie, X-Lang, Accept-Language, Accept-Encoding/);
        expect(tagsOf(response), what).toEqual(expect.arrayContaining(['site', ...tags]));
        expect(response.headers.get('surrogate-key')?.split(' '), what).toEqual(tagsOf(response));
        // A draft is named by no answer.
        expect(
          tagsOf(response).some((tag) => tag.endsWith(`-${draft.id}`) && draft.id !== item.id),
          what,
        ).toBe(false);
      }
    }
  });
});

describe('answers no shared cache may keep', () => {
  it('an editor’s answers are private and name nothing', async () => {
    const { deps, item, get } = await site();
    const { token } = await adminCaller(deps);
    for (const pathname of [`/news/${item.id}`, '/api/news?page=1', trpcList, '/rss/en/news.xml']) {
      const response = await get(pathname, { cookie: `session=${token}` });
      await response.arrayBuffer();
      expect(response.headers.get('cache-control'), pathname).toBe('private, no-store');
      expect(response.headers.get('cache-tag'), pathname).toBeNull();
    }
  });

  it('a ?lang= link that sets the language cookie is private; the same link with the cookie already set is shared', async () => {
    const { item, get } = await site();
    const choosing = await get(`/news/${item.id}?lang=fa`);
    expect(choosing.headers.get('set-cookie')).toMatch(/^lang=fa/);
    expect(choosing.headers.get('cache-control')).toBe('private, no-store');
    expect(choosing.headers.get('cache-tag')).toBeNull();
    const holding = await get(`/news/${item.id}?lang=fa`, { cookie: 'lang=fa' });
    expect(holding.headers.get('set-cookie')).toBeNull();
    expect(holding.headers.get('cache-control')).toBe(SHARED);
  });

  it('a posted search is private', async () => {
    const { get, server } = await site();
    await get('/');
    const answer = await fetch(`${server.url}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', Origin: server.url },
      body: 'q=teachers&type=news',
      redirect: 'manual',
    });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('cache-tag')).toBeNull();
  });

  it('a visitor held for her budget is answered no-store, naming nothing, even where the read was shareable', async () => {
    const app = express();
    app.get('/x', (req, res) => {
      sharedAnswer(res, envFor());
      slowDown(req, res, 2_000);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
      expect(response.status).toBe(429);
      expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(response.headers.get('cache-tag')).toBeNull();
    } finally {
      server.close();
    }
  });
});

describe('behind a cache that keys the language itself (CDN_LANGUAGE_HEADER)', () => {
  it('answers in the language the cache passes, whatever the reader’s own headers say, and privately when it passes none', async () => {
    const { item, get } = await site({ CDN_LANGUAGE_HEADER: 'X-Cache-Language' });
    const keyed = await get(`/news/${item.id}`, { 'x-cache-language': 'fa', 'accept-language': 'en', 'x-lang': 'en', cookie: 'lang=en' });
    expect(await keyed.text()).toMatch(/<html lang="fa"/);
    expect(keyed.headers.get('cache-control')).toBe(SHARED);
    expect(keyed.headers.get('vary')).toBe('Cookie, x-cache-language, Accept-Encoding');
    // The address's own ?lang= still decides: the cache's key holds the address.
    const linked = await get(`/news/${item.id}?lang=en`, { 'x-cache-language': 'fa', cookie: 'lang=en' });
    expect(await linked.text()).toMatch(/<html lang="en"/);
    // Not through the cache (or a cache that was not set up to pass it): never shared.
    for (const pathname of [`/news/${item.id}`, '/api/news?page=1']) {
      const direct = await get(pathname, { 'accept-language': 'fa' });
      await direct.arrayBuffer();
      expect(direct.headers.get('cache-control'), pathname).toBe('private, no-cache');
      expect(direct.headers.get('cache-tag'), pathname).toBeNull();
    }
    // And what a keyed request stored is never sent to one without the header.
    await get('/api/news?page=1', { 'x-cache-language': 'en' });
    const after = await get('/api/news?page=1');
    expect(after.headers.get('cache-control')).toBe('private, no-cache');
  });
});
