import { describe, expect, it } from 'vitest';
import type { WorkBudgetStore } from '../../src/server/security/work-budget.ts';
import { makeContent } from '../factories/index.ts';
import { generateSessionToken } from '../../src/server/auth/sessions.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { adminCaller } from '../setup/callers.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { sourcePages } from '../setup/source-pages.ts';

const sites = sitesStartedInTests();

/** A site behind a proxy it trusts, so each test names its visitors' addresses (X-Forwarded-For). */
async function site(env: Record<string, string> = {}, budgets?: { perClient?: WorkBudgetStore; sharedAddress?: WorkBudgetStore }) {
  const deps = sites.deps({ TRUST_PROXY: 'loopback', VISITOR_WORK_MS_PER_SECOND: '100', ...env });
  if (budgets) Object.assign(deps.guards.visitorWork, budgets);
  const server = await sites.serve(deps, { clientDir: sourcePages(deps) });
  const as =
    (visitor: string | null, headers: Record<string, string> = {}) =>
    (address: string) =>
      fetch(server.url + address, { headers: { ...(visitor ? { 'x-forwarded-for': visitor } : {}), ...headers }, redirect: 'manual' });
  await makeContent(deps, 'news');
  return { deps, server, as };
}

/** Answers no cache holds yet: the list with another page size each, each a read from the database. */
const uncached = (n: number) => `/api/news?per_page=${n}`;

/** A budget store that records whom it was asked about and answers the wait it is given for each. */
function fixedBudget(waitMs: (key: string) => number) {
  const asked: string[] = [];
  const store: WorkBudgetStore & { asked: string[] } = {
    enabled: true,
    asked,
    waitFor(key) {
      asked.push(key);
      return waitMs(key);
    },
    charge() {},
  };
  return store;
}

/** Requests from `connections` connections back to back for `ms`; resolves to how long each took and how it was answered. */
async function flood(ask: (address: string) => Promise<Response>, address: (n: number) => string, connections: number, ms: number) {
  const answers: { took: number; status: number }[] = [];
  const until = Date.now() + ms;
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const asked = Date.now();
        const response = await ask(address(n++));
        await response.arrayBuffer();
        answers.push({ took: Date.now() - asked, status: response.status });
      }
    }),
  );
  return answers;
}

const timed = async (ask: Promise<Response>) => {
  const asked = Date.now();
  const response = await ask;
  await response.arrayBuffer();
  return { status: response.status, took: Date.now() - asked };
};

describe('a visitor whose budget is spent', () => {
  it('is held for two seconds, then asked to slow down with Retry-After, uncompressed, in the shape of what she asked for', async () => {
    const { as } = await site({}, { perClient: fixedBudget(() => 5_000) });
    const flooder = as('203.0.113.7', { 'accept-encoding': 'br, gzip' });
    const started = Date.now();
    const [api, trpc, page] = await Promise.all([
      flooder(uncached(3)),
      flooder(`/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { pageSize: 45 } }))}`),
      as('203.0.113.7', { cookie: 'lang=fa' })('/latestnews?page=2'),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    for (const response of [api, trpc, page]) {
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('5');
      // A refusal costs the server as little as it can: nothing compressed.
      expect(response.headers.get('content-encoding')).toBeNull();
    }
    expect(await api.json()).toEqual({ success: false, message: expect.stringContaining('faster than the site can prepare them') });
    expect(JSON.stringify(await trpc.json())).toContain('TOO_MANY_REQUESTS');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    // The page's bytes as sent (src/server/http/utf8-bytes.ts): its length counts them, not its characters.
    expect(Number(page.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(html).toContain('lang="fa"');
    expect(html).toContain('لطفاً لحظه‌ای صبر کنید');
  });

  it('still gets what the cache holds, once held; other visitors get their cached and uncached answers at once', async () => {
    const { as } = await site({}, { perClient: fixedBudget((key) => (key === '203.0.113.7' ? 5_000 : 0)) });
    const flooder = as('203.0.113.7');
    const reader = as('198.51.100.9');
    expect((await reader('/api/news')).status).toBe(200);
    const refused = flooder(uncached(3));
    const cached = timed(flooder('/api/news?n=1'));
    expect((await timed(reader('/api/news?n=2'))).took).toBeLessThan(1_000);
    expect(await timed(reader(uncached(4)))).toMatchObject({ status: 200 });
    expect((await timed(reader('/about'))).status).toBe(200);
    expect((await refused).status).toBe(429);
    expect(await cached).toMatchObject({ status: 200, took: expect.any(Number) });
    expect((await cached).took).toBeGreaterThanOrEqual(1_900);
  });

  it('cannot pass her reads off as searches (which have budgets of their own) by naming a query in the address', async () => {
    const { as } = await site({}, { perClient: fixedBudget(() => 5_000) });
    const list = `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { pageSize: 7 } }))}`;
    const started = Date.now();
    const [disguised, batched] = await Promise.all([
      as('203.0.113.7')(`${list}&also=${encodeURIComponent('"q":')}`),
      as('203.0.113.8')(`/trpc/news.list,search.x?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { pageSize: 8 } } }))}`),
    ]);
    expect([disguised.status, batched.status]).toEqual([429, 429]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('is counted by her /64 when she comes over IPv6, so a fresh address of her range is no fresh budget', async () => {
    const budget = fixedBudget(() => 0);
    const { as } = await site({}, { perClient: budget });
    for (const address of ['2001:db8:5:7::1', '2001:db8:5:7:ffff::2', '2001:db8:5:8::1'])
      expect((await as(address)(uncached(address.length))).status).toBe(200);
    expect(budget.asked).toEqual(['2001:db8:5:7::/64', '2001:db8:5:7::/64', '2001:db8:5:8::/64']);
  });

  it('never counts a signed-in editor', async () => {
    const { deps, as } = await site({}, { perClient: fixedBudget(() => 5_000) });
    const { token } = await adminCaller(deps);
    const editor = as('203.0.113.7', { cookie: `session=${token}` });
    for (let n = 1; n <= 5; n++) expect(await timed(editor(uncached(n)))).toMatchObject({ status: 200, took: expect.any(Number) });
  });

  it('asks who she is, for a list the same for everyone, only when her budget would hold her', async () => {
    let spent = false;
    const { deps, as } = await site({}, { perClient: fixedBudget(() => (spent ? 5_000 : 0)) });
    // Signed in a fifth of the idle period ago: a lookup of her session slides it on, with a new cookie.
    const { token } = await adminCaller(deps, { signedInAt: new Date(Date.now() - sessionPolicy(deps.env).idleMs / 5) });
    const editor = as('203.0.113.7', { cookie: `session=${token}` });
    const slid = (response: Response) => response.headers.getSetCookie().some((line) => line.startsWith('session='));
    const within = await editor(uncached(3));
    expect(within.status).toBe(200);
    expect(slid(within)).toBe(false);
    spent = true;
    const started = Date.now();
    const beyond = await editor(uncached(4));
    expect(beyond.status).toBe(200);
    expect(slid(beyond)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
    // A cookie that signs no one in is held like any visitor's.
    expect((await timed(as('203.0.113.7', { cookie: `session=${generateSessionToken()}` })(uncached(5)))).status).toBe(429);
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

  it('is answered once her budget has refilled', async () => {
    const refilledAt = Date.now() + 400;
    const { as } = await site({}, { perClient: fixedBudget(() => Math.max(0, refilledAt - Date.now())) });
    const response = await as('203.0.113.7')(uncached(3));
    expect(response.status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(refilledAt);
  });
});

describe('one visitor flooding the site, on the real budget (1 ms of the server a second)', () => {
  it.each([
    ['answers the cache holds', (n: number) => `/api/news?n=${n}`],
    ['answers no cache holds', (n: number) => uncached((n % 50) + 1)],
  ])('with %s is held back to her share, while another visitor is answered at once', async (_name, address) => {
    const { as } = await site({ VISITOR_WORK_MS_PER_SECOND: '1' });
    const reader = as('198.51.100.9');
    // The cache is filled by a third visitor: on a busy machine that first read may cost more than the
    // reader's whole burst of 10 ms, and her own read below would then wait for her refill, not the flood's.
    expect((await as('192.0.2.44')('/api/news')).status).toBe(200);
    // Twenty connections back to back, as the audit's flood was.
    const flooding = flood(as('203.0.113.7'), address, 20, 3_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const read = await timed(reader('/api/news?n=reader'));
    const answers = await flooding;
    const slowest = Math.max(...answers.map((answer) => answer.took));
    expect(slowest).toBeGreaterThanOrEqual(1_000);
    expect(read).toMatchObject({ status: 200 });
    expect(read.took).toBeLessThan(slowest / 4);
  });

  it('is never held back behind a loopback address, which may be every visitor (an onion service, an unnamed proxy)', async () => {
    const { as } = await site({ VISITOR_WORK_MS_PER_SECOND: '1' });
    const answers = await flood(as(null), (n) => `/api/news?n=${n}`, 20, 2_000);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(Math.max(...answers.map((answer) => answer.took))).toBeLessThan(1_000);
  });
});

describe('many answers no cache holds, asked for at once', () => {
  const atOnce = async (ask: (address: string) => Promise<Response>, count: number) =>
    Promise.all(Array.from({ length: count }, async (_, n) => (await ask(uncached((n % 50) + 1))).status));

  it('are all answered when the budget is turned off, from one visitor as from a shared address', async () => {
    const { as } = await site({ VISITOR_WORK_MS_PER_SECOND: '0' });
    expect(new Set(await atOnce(as('203.0.113.7'), 80))).toEqual(new Set([200]));
    expect(new Set(await atOnce(as(null), 80))).toEqual(new Set([200]));
  });

  it('are all answered behind a shared address with budget to spare, several in the making at once', async () => {
    const { as } = await site({}, { sharedAddress: fixedBudget(() => 0) });
    expect(new Set(await atOnce(as(null), 90))).toEqual(new Set([200]));
  });
});
