import { describe, expect, it } from 'vitest';
import type { WorkBudgetStore } from '../../src/server/security/work-budget.ts';
import { makeContent } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { sourcePages } from '../setup/source-pages.ts';

const sites = sitesStartedInTests();

/** A site behind a proxy it trusts, so each test names its visitors' addresses (X-Forwarded-For). */
async function site(env: Record<string, string> = {}, budgets?: { perClient?: WorkBudgetStore; sharedAddress?: WorkBudgetStore }) {
  const deps = sites.deps({ TRUST_PROXY: 'loopback', ...env });
  if (budgets) Object.assign(deps.guards.uncachedWork, budgets);
  const server = await sites.serve(deps, { clientDir: sourcePages(deps) });
  const as =
    (visitor: string | null, headers: Record<string, string> = {}) =>
    (address: string) =>
      fetch(server.url + address, { headers: { ...(visitor ? { 'x-forwarded-for': visitor } : {}), ...headers }, redirect: 'manual' });
  return { deps, server, as };
}

/** Answers no cache holds yet: each page of a list with another page size, each a read from the database. */
const uncached = (n: number) => `/api/news?per_page=${n}`;

/** A budget store that records whom it was asked about and answers a fixed wait. */
function fixedBudget(waitMs: () => number) {
  const asked: string[] = [];
  const store: WorkBudgetStore & { asked: string[] } = {
    asked,
    waitFor(key) {
      asked.push(key);
      return waitMs();
    },
    charge() {},
  };
  return store;
}

describe('a visitor who keeps asking for answers no cache holds', () => {
  it('is asked to slow down, with Retry-After and in the shape of what she asked for, once her budget is spent', async () => {
    const { deps, as } = await site({ UNCACHED_WORK_MS_PER_SECOND: '1' });
    await makeContent(deps, 'news');
    const flooder = as('203.0.113.7');
    const statuses: number[] = [];
    for (let n = 1; n <= 40 && !statuses.includes(429); n++) statuses.push((await flooder(uncached(n))).status);
    expect(statuses.at(-1)).toBe(429);
    const api = await flooder(uncached(41));
    expect(api.status).toBe(429);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(2);
    expect(await api.json()).toEqual({ success: false, message: expect.stringContaining('faster than the site can prepare them') });
    const trpc = await flooder(`/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { pageSize: 45 } }))}`);
    expect(trpc.status).toBe(429);
    expect(JSON.stringify(await trpc.json())).toContain('TOO_MANY_REQUESTS');
    const page = await as('203.0.113.7', { cookie: 'lang=fa' })('/latestnews?page=2');
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('lang="fa"');
    expect(html).toContain('لطفاً لحظه‌ای صبر کنید');
  });

  it('still gets what the cache holds, and leaves other visitors their cached and uncached answers', async () => {
    const { deps, as } = await site({ UNCACHED_WORK_MS_PER_SECOND: '1' });
    await makeContent(deps, 'news');
    const flooder = as('203.0.113.7');
    const reader = as('198.51.100.9');
    expect((await reader('/api/news')).status).toBe(200);
    for (let n = 1; n <= 40; n++) if ((await flooder(uncached(n))).status === 429) break;
    expect((await flooder(uncached(49))).status).toBe(429);
    expect((await flooder('/api/news?page=1&n=1')).status).toBe(200);
    expect((await reader('/api/news?n=2')).status).toBe(200);
    expect((await reader(uncached(48))).status).toBe(200);
    expect((await reader('/about')).status).toBe(200);
  });

  it('counts an IPv6 visitor by her /64, so a fresh address of her range is no fresh budget', async () => {
    const { deps, as } = await site({ UNCACHED_WORK_MS_PER_SECOND: '1' });
    await makeContent(deps, 'news');
    for (let n = 1; n <= 40; n++) if ((await as(`2001:db8:5:7::${n.toString(16)}`)(uncached(n))).status === 429) break;
    expect((await as('2001:db8:5:7:ffff::1')(uncached(47))).status).toBe(429);
    expect((await as('2001:db8:5:8::1')(uncached(46))).status).toBe(200);
  });

  it('never counts a signed-in editor', async () => {
    const { deps, as } = await site({ UNCACHED_WORK_MS_PER_SECOND: '1' });
    await makeContent(deps, 'news');
    const { token } = await adminCaller(deps);
    const editor = as('203.0.113.7', { cookie: `session=${token}` });
    for (let n = 1; n <= 30; n++) expect((await editor(uncached(n))).status).toBe(200);
  });
});

describe('waiting for a spent budget', () => {
  it('holds a request until the budget has refilled, then answers it', async () => {
    const refilledAt = Date.now() + 400;
    const { deps, as } = await site({}, { perClient: fixedBudget(() => Math.max(0, refilledAt - Date.now())) });
    await makeContent(deps, 'news');
    const response = await as('203.0.113.7')(uncached(3));
    expect(response.status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(refilledAt);
  });

  it('tells a request that would wait longer than two seconds when to come back', async () => {
    const { as } = await site({}, { perClient: fixedBudget(() => 5_000) });
    const response = await as('203.0.113.7')(uncached(3));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('counts everyone behind a loopback address (an onion service) as one client with a larger budget', async () => {
    const shared = fixedBudget(() => 0);
    const perClient = fixedBudget(() => 0);
    const { as } = await site({}, { perClient, sharedAddress: shared });
    expect((await as(null)(uncached(4))).status).toBe(200);
    expect((await as('127.0.0.2')(uncached(5))).status).toBe(200);
    expect(shared.asked).toEqual(['shared', 'shared']);
    expect(perClient.asked).toEqual([]);
  });
});
