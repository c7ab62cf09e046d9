import type { AddressInfo } from 'node:net';
import express from 'express';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken } from '../../src/server/auth/sessions.ts';
import { singleQueries } from '../../src/server/http/trpc-single-query.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import { makeContent, makeUser } from '../factories/index.ts';
import { siteForAllTests } from '../setup/per-test.ts';

const site = siteForAllTests({ TRUST_PROXY: 'loopback', RATE_LIMIT_SEARCHES: '2' }, async (deps) => {
  for (let index = 0; index < 3; index++) await makeContent(deps, 'news', { titleEn: `Midwives bulletin ${index}`, titleFa: `خبر ${index}` });
});

const query = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;
/** The same call as the site's client sends a query no other joins: a batch of one. */
const batchOfOne = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}?batch=1${input === undefined ? '' : `&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`}`;
/** The same call spelled so the single-query path passes it on: tRPC's own handler answers it (it ignores the parameter). */
const viaTrpc = (address: string) => `${address}${address.includes('?') ? '&' : '?'}via=trpc`;

/** A session cookie no session has: the answer is worked out every time, never taken from the cache. */
const NO_SESSION = `session=${'b'.repeat(32)}`;

async function answer(address: string, headers: Record<string, string>) {
  const response = await fetch(site.server.url + address, { headers });
  return {
    status: response.status,
    body: await response.text(),
    type: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    retryAfter: response.headers.get('retry-after') !== null,
    cacheControl: response.headers.get('cache-control'),
    cookies: response.headers
      .getSetCookie()
      .map((line) => line.split('=')[0])
      .sort(),
  };
}

/** The single-query path's answer beside tRPC's own for the same call. */
async function bothWays(address: string, headers: Record<string, string> = {}) {
  return { single: await answer(address, { cookie: NO_SESSION, ...headers }), trpc: await answer(viaTrpc(address), { cookie: NO_SESSION, ...headers }) };
}

describe('a single query asked by GET', () => {
  let editorCookie = '';
  beforeAll(async () => {
    const editor = await makeUser(site.deps, { role: 'editor' });
    const token = generateSessionToken();
    await createSession(site.deps.db, token, editor.id, sessionPolicy(site.deps.env));
    editorCookie = `session=${token}`;
  });

  const calls: [name: string, procedure: string, input?: unknown][] = [
    ['a list with dates in it', 'news.list', { page: 1, pageSize: 2 }],
    ['a query without input', 'config.get'],
    ['an item that does not exist', 'news.byId', { id: 987654 }],
    ['an input the schema refuses', 'news.list', { page: -1 }],
    ['an editor-only query asked anonymously', 'contacts.list', { page: 1 }],
    ['a procedure that does not exist', 'news.nothing', { page: 1 }],
    ['a mutation asked by GET', 'contacts.create', { name: 'x' }],
  ];
  const forms = [
    ['alone', query],
    ['as a batch of one', batchOfOne],
  ] as const;

  describe.each(forms)('%s', (_form, address) => {
    it.each(calls)('answers %s exactly as tRPC does', async (_name, procedure, input) => {
      const { single, trpc } = await bothWays(address(procedure, input));
      expect(single).toEqual(trpc);
      expect(single.body.length).toBeGreaterThan(20);
    });

    it('answers in the reader’s language exactly as tRPC does', async () => {
      const { single, trpc } = await bothWays(address('news.list', { page: 0 }), { 'accept-language': 'fa' });
      expect(single).toEqual(trpc);
      expect(single.body).toMatch(/[\u0600-\u06FF]/);
    });

    it('answers a signed-in editor exactly as tRPC does', async () => {
      const asked = address('contacts.list', { page: 1 });
      const single = await answer(asked, { cookie: editorCookie });
      const trpc = await answer(viaTrpc(asked), { cookie: editorCookie });
      expect(single).toEqual(trpc);
      expect(single.status).toBe(200);
    });

    it('answers a request for a stream as tRPC does', async () => {
      const { single, trpc } = await bothWays(address('news.list', { page: 1 }), { accept: 'application/jsonl' });
      expect(single).toEqual(trpc);
    });
  });

  it('refuses a visitor over her search budget with the same 429 and Retry-After', async () => {
    const search = query('search.query', { q: 'midwives' });
    // Searches until the budget (two) is spent: the first answer is a search, a later one the refusal.
    const spend = async (address: string, visitor: string) => {
      const headers = { 'x-forwarded-for': visitor };
      const answers = [];
      for (let index = 0; index < 3; index++) answers.push(await answer(address, headers));
      expect(answers[0]?.status).toBe(200);
      return answers.find((one) => one.status !== 200) ?? answers[2]!;
    };
    const single = await spend(search, '203.0.113.41');
    const trpc = await spend(viaTrpc(search), '203.0.113.42');
    expect(single.status).toBe(429);
    expect(single.retryAfter).toBe(true);
    expect(single).toEqual(trpc);
  });
});

describe('what the single-query path answers itself, and what it passes on', () => {
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    // Alone, with nothing behind it: what it passes on is Express's 404.
    const app = express();
    app.use(
      '/trpc',
      singleQueries(appRouter, {
        createContext: async () => ({ ...(await import('../../src/server/trpc/context.ts')).innerContext(site.deps, { lang: 'en' }) }),
        errorHeaders: () => ({}),
        onError: () => {},
        alone: new Set(['news.byId']),
      }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const status = async (address: string, init: RequestInit = {}) => (await fetch(base + address, init)).status;

  it('answers one query by GET, alone or as a batch of one', async () => {
    const response = await fetch(base + query('news.list', { page: 1, pageSize: 1 }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    expect(superjson.deserialize<{ items: { titleEn: string }[] }>(body.result.data).items[0]?.titleEn).toMatch(/^Midwives bulletin/);
    const batched = await fetch(base + batchOfOne('news.list', { page: 1, pageSize: 1 }));
    expect(batched.status).toBe(200);
    const [first] = (await batched.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } }[];
    expect(superjson.deserialize<{ items: { titleEn: string }[] }>(first!.result.data).items[0]?.titleEn).toMatch(/^Midwives bulletin/);
  });

  it.each([
    ['a batch', `/trpc/news.list,news.list?batch=1&input=${encodeURIComponent('{"0":{"json":{"page":1}},"1":{"json":{"page":1}}}')}`, {}],
    ['a posted query', query('news.list', { page: 1 }), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
    ['HEAD', query('news.list', { page: 1 }), { method: 'HEAD' }],
    ['a mutation', query('contacts.create', { name: 'x' }), {}],
    ['a name tRPC would decode', '/trpc/news%2Elist', {}],
    ['another parameter', `${query('news.list', { page: 1 })}&via=trpc`, {}],
    ['input that is not JSON', '/trpc/news.list?input=%7Bnot', {}],
    ['a content type', query('news.list', { page: 1 }), { headers: { 'content-type': 'text/plain' } }],
    ['a streaming trpc-accept header', query('news.list', { page: 1 }), { headers: { 'trpc-accept': 'application/jsonl' } }],
    ['a streaming accept header', batchOfOne('news.list', { page: 1 }), { headers: { accept: 'text/html, application/jsonl' } }],
    ['a batch parameter tRPC reads otherwise', query('news.list', { page: 1 }).replace('?', '?batch=true&'), {}],
    ['a batch of one of a procedure that must come alone', batchOfOne('news.byId', { id: 1 }), {}],
    ['a batch input that is not an object', `/trpc/news.list?batch=1&input=${encodeURIComponent('[1]')}`, {}],
  ])('passes on %s to tRPC', async (_name, address, init) => {
    expect(await status(address, init as RequestInit)).toBe(404);
  });
});
