import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_SEARCH_MS, type MemoryKeptSearches } from '../../src/server/security/kept-searches.ts';
import { keptSearchId } from '../../src/server/http/kept-search.ts';
import { insertPost } from '../factories/search-content.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * A posted search answers with a redirect to an address that holds only an opaque token (so Back
 * works without JavaScript), the token shows the search only to the browser that made it, and for
 * ten minutes at most (issue 21, items 3 and 4; decision 018).
 */
let deps: TestDeps;
let clock: TestClock;
let site: TestServer;
beforeAll(async () => {
  clock = new TestClock();
  deps = { ...createTestDeps(), clock };
  await insertPost(deps, { titleEn: 'Midwives train in Bamyan', titleFa: 'آموزش ماماها در بامیان' });
  // A client of one file: the page routes are mounted, the page itself is the plain shell.
  const clientDir = path.join(deps.dir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  site = await startServer(deps, { clientDir });
});
afterAll(async () => {
  await site.close();
  await deps.cleanup();
});

const form = { 'content-type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' };
const asScript = { ...form, Accept: 'application/json' };
const TOKEN_ADDRESS = /^\/search\/r\/([A-Za-z0-9_-]{22})(\?lang=(en|fa))?$/;

async function postSearch(browser: CookieClient, body: string, lang = 'fa') {
  const answer = await browser.fetch(`/search?lang=${lang}`, { method: 'POST', headers: form, body });
  return { answer, location: answer.headers.get('location') ?? '' };
}
const recall = (browser: CookieClient, token: string) => browser.fetch(`/search/r/${token}`, { headers: { Accept: 'application/json' } });

describe('a search posted without JavaScript', () => {
  it('answers 303 to an address that holds only an opaque token, never stored by a cache, with a cookie only this browser holds', async () => {
    const browser = new CookieClient(site.url);
    const { answer, location } = await postSearch(browser, `q=${encodeURIComponent('ماماها بامیان')}&type=news`);
    expect(answer.status).toBe(303);
    expect(location).toMatch(TOKEN_ADDRESS);
    expect(location).toContain('?lang=fa');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('search_key='));
    expect(cookie).toMatch(/; Path=\/search; /);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // A new token each time, so no address names the same search twice.
    const again = await postSearch(browser, `q=${encodeURIComponent('ماماها بامیان')}&type=news`);
    expect(again.location).not.toBe(location);
  });

  it('shows the search again at its address to the browser that made it (a Back, a reload), never stored by a cache', async () => {
    const browser = new CookieClient(site.url);
    const { location } = await postSearch(browser, 'q=midwives&type=news&page=1');
    const [, token] = TOKEN_ADDRESS.exec(location)!;
    for (let visit = 0; visit < 2; visit++) {
      const page = await browser.fetch(location);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
    }
    const kept = await recall(browser, token!);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('cache-control')).toBe('private, no-store');
    expect(await kept.json()).toEqual({ fields: 'q=midwives&type=news' });
  });

  it('shows nothing of it to another browser, to a browser without the cookie, or for a forged token', async () => {
    const reader = new CookieClient(site.url);
    const { location } = await postSearch(reader, 'q=midwives');
    const [, token] = TOKEN_ADDRESS.exec(location)!;
    const other = new CookieClient(site.url);
    await postSearch(other, 'q=flood');
    const stranger = new CookieClient(site.url);
    for (const browser of [other, stranger]) {
      const page = await browser.fetch(location);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('midwives');
      const kept = await recall(browser, token!);
      expect(kept.status).toBe(404);
      expect(await kept.json()).toEqual({ fields: null });
    }
    // A cookie that was never given, and tokens that were never made, cost nothing and show nothing.
    stranger.cookies.set('search_key', reader.cookies.get('search_key')!.slice(0, -2) + 'AA');
    expect((await recall(stranger, token!)).status).toBe(404);
    for (const forged of ['x', 'A'.repeat(22), '%E0%A4', 'A'.repeat(5000)]) {
      const page = await reader.fetch(`/search/r/${forged}`);
      // An address that cannot be decoded is refused before any route (400); the others get the empty page.
      expect(page.status, forged).toBe(forged.startsWith('%') ? 400 : 200);
      if (page.status === 200) expect(page.headers.get('cache-control'), forged).toBe('private, no-store');
    }
  });

  it('forgets it after ten minutes', async () => {
    const browser = new CookieClient(site.url);
    const { location } = await postSearch(browser, 'q=midwives');
    const [, token] = TOKEN_ADDRESS.exec(location)!;
    await clock.advance(KEPT_SEARCH_MS - 1000);
    expect((await recall(browser, token!)).status).toBe(200);
    await clock.advance(1000);
    expect((await recall(browser, token!)).status).toBe(404);
  });

  it('keeps the search sealed: the server’s store holds no word of it, only the browser’s cookie and the token open it', async () => {
    const browser = new CookieClient(site.url);
    const { location } = await postSearch(browser, `q=${encodeURIComponent('secretword ماماها')}`);
    const [, token] = TOKEN_ADDRESS.exec(location)!;
    const store = deps.guards.keptSearches as MemoryKeptSearches;
    const sealed = await store.get(keptSearchId(token!), clock.now().getTime());
    expect(sealed).not.toBeNull();
    expect(sealed!.toString('latin1')).not.toContain('secretword');
    expect(sealed!.includes(Buffer.from('ماماها'))).toBe(false);
    expect(sealed!.includes(Buffer.from(token!))).toBe(false);
  });

  it('goes to the plain search page for an empty query, and on to the form route for the footer’s newsletter form', async () => {
    const browser = new CookieClient(site.url);
    const { answer, location } = await postSearch(browser, 'q=%20%20', 'en');
    expect(answer.status).toBe(303);
    expect(location).toBe('/search?lang=en');
    const subscribed = await browser.fetch('/search', {
      method: 'POST',
      headers: { ...form, Origin: site.url },
      body: `_form=newsletter&email=${encodeURIComponent('reader-kept@example.org')}`,
    });
    expect(subscribed.status).toBe(303);
    expect(subscribed.headers.get('location')).not.toMatch(/^\/search\/r\//);
  });

  it('answers a query over the limit with the page that says so, without keeping it', async () => {
    const browser = new CookieClient(site.url);
    const before = (deps.guards.keptSearches as MemoryKeptSearches).size;
    const { answer } = await postSearch(browser, `q=${'a'.repeat(201)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect((deps.guards.keptSearches as MemoryKeptSearches).size).toBe(before);
  });
});

describe('a search kept by the page’s script', () => {
  it('gets a token as JSON, which gives the fields back to this browser only', async () => {
    const browser = new CookieClient(site.url);
    const answer = await browser.fetch('/search', { method: 'POST', headers: asScript, body: 'q=flood&country=iran&page=2' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { token } = (await answer.json()) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await (await recall(browser, token)).json()).toEqual({ fields: 'q=flood&country=iran&page=2' });
    expect((await recall(new CookieClient(site.url), token)).status).toBe(404);
  });

  it('keeps a query of 200 characters in any script, with every filter', async () => {
    const browser = new CookieClient(site.url);
    for (const q of ['ژ'.repeat(200), '中'.repeat(200), '🙂'.repeat(100), `a\n|b${'%'.repeat(196)}`]) {
      const fields = new URLSearchParams({ q, type: 'legal', country: 'afghanistan', page: '1000' });
      const answer = await browser.fetch('/search', { method: 'POST', headers: asScript, body: fields });
      expect(answer.status, q.slice(0, 4)).toBe(200);
      const { token } = (await answer.json()) as { token: string };
      const kept = new URLSearchParams(((await (await recall(browser, token)).json()) as { fields: string }).fields);
      expect(Object.fromEntries(kept), q.slice(0, 4)).toEqual(Object.fromEntries(fields));
    }
  });

  it('is refused with 422 for an empty or over-long query, keeping nothing', async () => {
    const browser = new CookieClient(site.url);
    for (const body of ['q=', `q=${'a'.repeat(201)}`, 'q=x&type=users']) {
      const answer = await browser.fetch('/search', { method: 'POST', headers: asScript, body });
      expect(answer.status, body).toBe(422);
    }
  });

  it('keeps a flood of searches from one address within that address’s share', async () => {
    const browser = new CookieClient(site.url);
    const store = deps.guards.keptSearches as MemoryKeptSearches;
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, index) => browser.fetch('/search', { method: 'POST', headers: asScript, body: `q=flood${index}` })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // The test's requests come from loopback, a shared address (an onion service): its larger share.
    expect(store.size).toBeLessThanOrEqual(300);
  });
});
