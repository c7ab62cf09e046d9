import { describe, expect, it } from 'vitest';
import { makeContent } from '../factories/index.ts';
import { siteForEachTest } from '../setup/per-test.ts';

const site = siteForEachTest();

const lists = ['/api/news?page=1', `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`, '/sitemap.xml', '/rss/en/news.xml'];
const etagOf = async (pathname: string, headers: Record<string, string> = {}) => (await fetch(site.server.url + pathname, { headers })).headers.get('etag')!;

describe('validators (ETags) of public reads', () => {
  it('say nothing about when the process started or how many changes it has seen', async () => {
    const seen: string[] = [];
    for (let change = 0; change < 4; change++) {
      await makeContent(site.deps, 'news');
      const version = site.deps.cache.version();
      for (const pathname of lists) {
        const etag = await etagOf(pathname);
        // A fixed-length keyed hash: no separators, no counter, no run id, no time.
        expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
        // (Parts of a few characters, such as a small counter, would be found in any hash.)
        for (const part of [version, ...version.split('.')].filter((p) => p.length > 2)) expect(etag).not.toContain(part);
        seen.push(etag);
      }
    }
    // Each version has its own validator, shared by every public read of that version and language.
    expect(new Set(seen).size).toBe(4);
  });

  it('stay the same from request to request while nothing public changes, anonymous writes included', async () => {
    await makeContent(site.deps, 'news');
    const first = await etagOf(lists[0]!);
    for (let i = 0; i < 5; i++) {
      await fetch(`${site.server.url}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `r${i}@example.org` }),
      });
      expect(await etagOf(lists[0]!)).toBe(first);
    }
    expect((await fetch(site.server.url + lists[0]!, { headers: { 'if-none-match': first } })).status).toBe(304);
  });

  it('differ by language, so a reader of one language never revalidates to the other', async () => {
    await makeContent(site.deps, 'news');
    const english = await etagOf(lists[0]!, { cookie: 'lang=en' });
    const persian = await etagOf(lists[0]!, { cookie: 'lang=fa' });
    expect(english).not.toBe(persian);
    expect(await etagOf(`${lists[0]!}&lang=fa`)).toBe(persian);
  });

  it('are never worked out from an answer no cache may keep: an editor’s lists and items carry none', async () => {
    const { id } = await makeContent(site.deps, 'news');
    const editor = { cookie: `session=${'b'.repeat(32)}` };
    for (const pathname of [...lists.slice(0, 2), `/api/news/${id}`]) {
      const response = await fetch(site.server.url + pathname, { headers: editor });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toMatch(/no-store/);
      // Express's own ETag was a SHA-1 over the whole body, for an answer no browser revalidates.
      expect(response.headers.get('etag'), pathname).toBeNull();
      expect((await response.text()).length, pathname).toBeGreaterThan(100);
    }
  });
});
