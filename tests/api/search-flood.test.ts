import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { insertGallery, insertPost, insertWordyPosts } from '../factories/search-content.ts';
import { adminCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { SHARED_ADDRESS_FACTOR } from '../../src/server/security/write-budget.ts';
import { createMemoryGuards } from '../../src/server/security/guards.ts';
import { admitSearch, type SearchCaller } from '../../src/server/search/admission.ts';
import { SEARCH_TIME_LIMIT_MS } from '../../src/server/search/workers/pool.ts';

interface BatchAnswer {
  result?: unknown;
  error?: { json: { message: string; data: { httpStatus: number } } };
}

/** A tRPC batch of `count` searches for `q`, sent as one GET, from the visitor `from` (a forwarded address). */
async function searchBatch(url: string, q: string, count: number, headers: Record<string, string> = {}) {
  const input = Object.fromEntries(Array.from({ length: count }, (_, index) => [index, { json: { q, page: (index % 5) + 1 } }]));
  const path = `/trpc/${Array(count).fill('search.query').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(url + path, { headers });
  return { response, answers: (await response.json()) as BatchAnswer[] };
}

const trpcGet = (url: string, procedure: string, input: object, headers: Record<string, string> = {}) =>
  fetch(`${url}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers });

describe('one visitor, one search at a time', () => {
  let deps: TestDeps;
  let server: TestServer;
  beforeAll(async () => {
    deps = createTestDeps({ TRUST_PROXY: 'loopback' });
    for (let index = 0; index < 30; index++) await insertPost(deps, { titleEn: `Midwives bulletin ${index}`, daysAgo: index });
    server = await startServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await deps.cleanup();
  });

  it('answers one search of a batch of ten and refuses the other nine with 429, Retry-After and a message in her language', async () => {
    const { response, answers } = await searchBatch(server.url, 'midwives', 10, { 'x-forwarded-for': '203.0.113.7', 'x-lang': 'fa' });
    expect(answers.filter((answer) => answer.result)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.error);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.error!.json.data.httpStatus).toBe(429);
      expect(answer.error!.json.message).toBe(messages.searchOneAtATime.fa);
    }
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Her next search, once the first is answered, runs; so does anyone else's.
    expect((await trpcGet(server.url, 'search.query', { q: 'midwives' }, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
    expect((await trpcGet(server.url, 'search.query', { q: 'midwives' }, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
  });
});

describe('visitors who share one address (an onion service)', () => {
  let deps: TestDeps;
  let server: TestServer;
  beforeAll(async () => {
    deps = createTestDeps();
    for (let index = 0; index < 30; index++) await insertPost(deps, { titleEn: `Midwives bulletin ${index}`, daysAgo: index });
    server = await startServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await deps.cleanup();
  });

  it('are not turned away because another first-time searcher behind the same address is being answered', async () => {
    // Loopback, untrusted: every Tor visitor of an onion service arrives from here, none yet holding a budget cookie.
    const answers = await Promise.all(Array.from({ length: 4 }, () => trpcGet(server.url, 'search.query', { q: 'midwives' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it('still run one search at a time, the others waiting their turn in a short line', async () => {
    const guards = createMemoryGuards(deps.env);
    const caller = (clientIp: string) => ({ guards, keys: deps.keys, clientIp, writeBudget: null, cookies: {}, user: null }) as unknown as SearchCaller;
    const first = await admitSearch(caller('127.0.0.1'));
    expect(first.refused).toBeUndefined();
    // The line holds SHARED_ADDRESS_FACTOR; one more is turned away at once.
    const waiting = Array.from({ length: SHARED_ADDRESS_FACTOR }, () => admitSearch(caller('127.0.0.1')));
    expect((await admitSearch(caller('127.0.0.1'))).refused).toBe('oneAtATime');
    // While the first runs, none of the line has a turn; then each gets one when the one before it ends.
    const turns: number[] = [];
    waiting.forEach((pending, index) => void pending.then(() => turns.push(index)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(turns).toEqual([]);
    if (!first.refused) first.release();
    for (const [index, pending] of waiting.entries()) {
      const admission = await pending;
      expect(admission.refused).toBeUndefined();
      expect(turns).toEqual(Array.from({ length: index + 1 }, (_, earlier) => earlier));
      if (!admission.refused) admission.release();
    }
    // A visitor with an address of her own still runs one at a time, and is not made to wait.
    expect((await admitSearch(caller('203.0.113.9'))).refused).toBeUndefined();
    expect((await admitSearch(caller('203.0.113.9'))).refused).toBe('oneAtATime');
  });

  it('wait behind a search slower than its time limit (a thread starting on a busy server) instead of being turned away', async () => {
    vi.useFakeTimers();
    try {
      const guards = createMemoryGuards(deps.env);
      const readers: (() => void)[] = [];
      // A request that is nothing but searches, whose reader may leave (her connection closes).
      const caller = (alone = true) =>
        ({
          guards,
          keys: deps.keys,
          clientIp: '127.0.0.1',
          writeBudget: null,
          cookies: {},
          user: null,
          searchTurn: { alone: () => alone, gone: (leave: () => void) => void readers.push(leave) },
        }) as unknown as SearchCaller;
      const first = await admitSearch(caller());
      const second = admitSearch(caller());
      // The pool's time limit starts once a thread is ready: starting one can take seconds more.
      await vi.advanceTimersByTimeAsync(SEARCH_TIME_LIMIT_MS * 2);
      if (!first.refused) first.release();
      const admission = await second;
      expect(admission.refused).toBeUndefined();
      if (!admission.refused) admission.release();

      // A line that does not move for far longer is still let go, with a refusal.
      const holding = await admitSearch(caller());
      const stuck = admitSearch(caller());
      await vi.advanceTimersByTimeAsync(SEARCH_TIME_LIMIT_MS * 10);
      expect((await stuck).refused).toBe('oneAtATime');

      // A search whose request holds a place of the work gate (a gallery list with a query, a mixed
      // batch) waits one time limit at most, so a line of them cannot hold the site's places.
      const gated = admitSearch(caller(false));
      await vi.advanceTimersByTimeAsync(SEARCH_TIME_LIMIT_MS + 1);
      expect((await gated).refused).toBe('oneAtATime');

      // A reader who leaves leaves the line at once, and her place goes to the next.
      readers.length = 0;
      const leaving = admitSearch(caller());
      const next = admitSearch(caller());
      await vi.advanceTimersByTimeAsync(0);
      expect(readers).toHaveLength(2);
      readers[0]!();
      expect((await leaving).refused).toBe('oneAtATime');
      if (!holding.refused) holding.release();
      const after = await next;
      expect(after.refused).toBeUndefined();
      if (!after.refused) after.release();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('searches count against a visitor’s budget', () => {
  let deps: TestDeps;
  let server: TestServer;
  beforeAll(async () => {
    // Twenty an hour, so two a minute.
    deps = createTestDeps({ TRUST_PROXY: 'loopback', RATE_LIMIT_SEARCHES: '20' });
    await insertPost(deps, { titleEn: 'Midwives train in Bamyan' });
    await insertGallery(deps, 'Midwives at the clinic');
    server = await startServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await deps.cleanup();
  });

  it('refuses a search over the budget with 429, Retry-After and her language, whichever way it comes, and nothing else', async () => {
    const her = { 'x-forwarded-for': '203.0.113.20', 'x-lang': 'fa' };
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args) => void lines.push(args.join(' '))),
    );
    try {
      expect((await trpcGet(server.url, 'search.query', { q: 'secretword midwives' }, her)).status).toBe(200);
      expect((await fetch(`${server.url}/api/search?q=midwives`, { headers: her })).status).toBe(200);

      const trpc = await trpcGet(server.url, 'search.query', { q: 'secretword midwives' }, her);
      expect(trpc.status).toBe(429);
      expect(((await trpc.json()) as { error: { json: { message: string } } }).error.json.message).toBe(messages.searchTooMany.fa);
      const wait = Number(trpc.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);

      const rest = await fetch(`${server.url}/api/search?q=secretword`, { headers: her });
      expect(rest.status).toBe(429);
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await rest.json()) as { message: string }).message).toBe(messages.searchTooMany.fa);

      // A list narrowed by its search box searches too; the same list without words does not.
      expect((await trpcGet(server.url, 'gallery.list', { q: 'midwives' }, her)).status).toBe(429);
      expect((await trpcGet(server.url, 'gallery.list', {}, her)).status).toBe(200);
      // An empty query asks nothing of the index and costs nothing.
      expect((await trpcGet(server.url, 'search.query', { q: '   ' }, her)).status).toBe(200);
      // Another visitor's budget is her own.
      expect((await trpcGet(server.url, 'search.query', { q: 'midwives' }, { 'x-forwarded-for': '203.0.113.21' })).status).toBe(200);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.filter((line) => line.includes('secretword'))).toEqual([]);
  });
});

describe('editors’ searches', () => {
  it('are not budgeted, but run one at a time per editor', async () => {
    const deps = createTestDeps({ RATE_LIMIT_SEARCHES: '10' });
    try {
      await insertPost(deps, { titleEn: 'Midwives train in Bamyan' });
      const { caller } = await adminCaller(deps, { lang: 'fa' });
      for (let index = 0; index < 5; index++) expect((await caller.search.admin({ q: 'midwives' })).total).toBe(1);
      const [first, second] = [caller.search.admin({ q: 'midwives' }), caller.news.adminList({ q: 'midwives' })];
      expect(await clientErrorOf(deps, second, 'fa')).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.searchOneAtATime.fa });
      expect((await first).total).toBe(1);
    } finally {
      await deps.cleanup();
    }
  });
});

describe('a flood of costly searches from one visitor', () => {
  let deps: TestDeps;
  let server: TestServer;
  let query: string;
  beforeAll(async () => {
    // No budget: every search the flood may run, runs; what is measured is where it runs.
    deps = createTestDeps({ RATE_LIMIT_SEARCHES: '0' });
    query = await insertWordyPosts(deps, 800);
    server = await startServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await deps.cleanup();
  });

  /** Milliseconds each of `count` readers' requests took, one after another. */
  async function readerLatencies(count: number): Promise<number[]> {
    const times: number[] = [];
    for (let index = 0; index < count; index++) {
      const started = performance.now();
      const response = await fetch(`${server.url}${index % 2 ? '/healthz' : '/api/news?page=1'}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  }
  const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

  it('leaves readers’ pages and the health check as fast as without it', async () => {
    await readerLatencies(10);
    const quiet = await readerLatencies(60);
    let flooding = true;
    let batches = 0;
    const flood = (async () => {
      while (flooding) {
        await searchBatch(server.url, query, 10);
        batches++;
      }
    })();
    try {
      // Measured once the flood's first batch is answered: that one also waited for the search thread to start.
      while (!batches) await new Promise((resolve) => setTimeout(resolve, 20));
      const loaded = await readerLatencies(60);
      // Before searches left the request thread, each reader waited behind a batch: hundreds of ms.
      expect(median(loaded), `quiet median ${median(quiet).toFixed(1)} ms`).toBeLessThan(Math.max(20, 3 * median(quiet)));

      // The median can miss a search's work on the request thread, so that thread's own CPU time is
      // checked too (the server and this client share it; other processes' load does not count):
      // a batch took 10–26 ms of it in our runs, and 70–94 ms when PostgreSQL's search ran on it.
      const before = batches;
      const started = process.threadCpuUsage();
      while (batches < before + 5) await new Promise((resolve) => setTimeout(resolve, 5));
      const used = process.threadCpuUsage(started);
      expect((used.user + used.system) / 1000 / 5).toBeLessThan(40);
    } finally {
      flooding = false;
      await flood;
    }
  });
});
