import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { contactMessages, newsletterSubscribers, stories, uploads } from '../../src/server/db/schema.ts';
import { LoginThrottle } from '../../src/server/security/throttle.ts';
import { makeImageFile, makeUser, testPassword } from '../factories/index.ts';
import { rowCounts } from '../setup/db-snapshot.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { trpcMutation } from '../setup/trpc-http.ts';
import { folderOf } from '../setup/stored.ts';

const start = Date.UTC(2026, 2, 8, 9, 30);
const account = 'editor@example.org';

const sites = sitesStartedInTests();
/** These tests play many visitors through X-Forwarded-For, as a site behind a local proxy (TRUST_PROXY=loopback) sees them. */
const site = (env: Record<string, string> = {}) => sites.site({ TRUST_PROXY: 'loopback', ...env });
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A sustained attack against one account: every 250 ms an attacker tries from one of `addresses`
 * addresses, obeying no delay but counted only when the throttle lets the attempt through. From
 * `editorFrom` on, the real editor tries from her own address, each time after the Retry-After she
 * was given, with `typos` wrong passwords first. Answers how long she waited for a checked attempt.
 */
function sustainedAttack(options: { addresses: number; editorFrom: number; typos?: number; minutes?: number }) {
  const throttle = new LoginThrottle();
  const editorIp = '192.0.2.55';
  let typos = options.typos ?? 0;
  let editorNext = start + options.editorFrom;
  let waitingSince: number | null = null;
  let longestWait = 0;
  let attackerGuesses = 0;
  let editorIn = false;
  for (let now = start, tick = 0; now < start + (options.minutes ?? 15) * 60_000 && !editorIn; now += 250, tick += 1) {
    const attacker = `10.66.${Math.floor((tick % options.addresses) / 250)}.${(tick % options.addresses) % 250}`;
    if (throttle.retryAfter(attacker, account, now) === 0) {
      throttle.fail(attacker, account, now);
      attackerGuesses += 1;
    }
    if (now < editorNext) continue;
    waitingSince ??= now;
    const wait = throttle.retryAfter(editorIp, account, now);
    if (wait > 0) {
      expect(wait).toBeLessThanOrEqual(60);
      editorNext = now + wait * 1000;
      continue;
    }
    longestWait = Math.max(longestWait, now - waitingSince);
    waitingSince = null;
    if (typos > 0) {
      typos -= 1;
      throttle.fail(editorIp, account, now);
      editorNext = now + 2_000;
    } else {
      throttle.succeed(editorIp, account);
      editorIn = true;
    }
  }
  return { editorIn, longestWait: waitingSince === null ? longestWait : Infinity, attackerGuesses };
}

describe('LoginThrottle under a sustained attack', () => {
  it('lets the real editor try within about a minute while attackers keep guessing from ever new addresses', () => {
    const outcome = sustainedAttack({ addresses: 5_000, editorFrom: 3 * 60_000 });
    expect(outcome.editorIn).toBe(true);
    expect(outcome.longestWait).toBeLessThanOrEqual(61_000);
  });

  it('lets the real editor try within about a minute again after each of her own typos', () => {
    const outcome = sustainedAttack({ addresses: 40, editorFrom: 2 * 60_000, typos: 3 });
    expect(outcome.editorIn).toBe(true);
    expect(outcome.longestWait).toBeLessThanOrEqual(61_000);
  });

  it('still holds the attack to a few guesses per address and about one a minute beyond', () => {
    const outcome = sustainedAttack({ addresses: 20, editorFrom: Number.POSITIVE_INFINITY, minutes: 30 });
    expect(outcome.editorIn).toBe(false);
    // Twenty free guesses for the account, then each address gets at most its five turns at the
    // account-wide delay, and the account-wide delay itself lets about one guess a minute through.
    expect(outcome.attackerGuesses).toBeLessThanOrEqual(20 + 20 * 5 + 30);
  });
});

async function loginOverTrpc(client: CookieClient, email: string, password: string, from?: string) {
  const result = await trpcMutation(client, 'auth.login', { email, password }, from ? { 'X-Forwarded-For': from } : {});
  return { status: result.status, retryAfter: result.headers.get('retry-after'), code: result.error?.code };
}

async function loginOverRest(client: CookieClient, email: string, password: string, from?: string) {
  const response = await client.fetch('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(from ? { 'X-Forwarded-For': from } : {}) },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { message?: string } };
}

const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

describe('login throttling over HTTP', () => {
  it('answers wrong passwords at /trpc/auth.login, after five, with 429 and a Retry-After that doubles each time: 1, 2, 4, 8 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    for (let i = 0; i < 5; i += 1) expect((await loginOverTrpc(browser, editor.email, `wrong ${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      // Even the right password is not checked while the delay runs.
      const held = await loginOverTrpc(browser, editor.email, testPassword);
      expect(held).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      waits.push(Number(held.retryAfter));
      later(Number(held.retryAfter));
      expect((await loginOverTrpc(browser, editor.email, `still wrong ${round}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(browser.cookies.has('session')).toBe(false);
  });

  it('answers the same at POST /api/login with 429, Retry-After and the message the login screen shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    for (let i = 0; i < 5; i += 1) expect((await loginOverRest(browser, editor.email, 'wrong password')).status).toBe(401);
    const held = await loginOverRest(browser, editor.email, testPassword);
    expect(held).toEqual({ status: 429, retryAfter: '1', body: { message: 'Too many attempts. Please wait a little and try again.' } });
    later(1);
    expect((await loginOverRest(browser, editor.email, testPassword)).status).toBe(200);
  });

  it('trusts no proxy header unless TRUST_PROXY names the proxy', async () => {
    const { deps } = await site({ TRUST_PROXY: '' });
    const app = createApp({ db: deps.db, env: deps.env, storage: deps.storage, clientDir: '/nonexistent' });
    const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    expect(['127.0.0.1', '::1', '10.1.2.3', '203.0.113.9'].map((address) => trusted(address, 0))).toEqual([false, false, false, false]);
  });

  it('with TRUST_PROXY=loopback trusts X-Forwarded-For only from a proxy on this machine, never from a visitor', async () => {
    const { deps } = await site();
    const app = createApp({ db: deps.db, env: deps.env, storage: deps.storage, clientDir: '/nonexistent' });
    const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    expect(['127.0.0.1', '127.8.9.10', '::1'].map((address) => trusted(address, 0))).toEqual([true, true, true]);
    expect(['203.0.113.9', '10.1.2.3', '192.168.1.1', '::ffff:203.0.113.9', '2001:db8::1'].map((address) => trusted(address, 0))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('counts these tests’ requests, which come from 127.0.0.1, by the address a proxy added last, so a forged prefix escapes nothing', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    // No header: the request's own address, 127.0.0.1, is the visitor's.
    for (let i = 0; i < 5; i += 1) expect((await loginOverTrpc(browser, editor.email, 'wrong')).status).toBe(401);
    expect((await loginOverTrpc(browser, editor.email, 'wrong', '127.0.0.1')).status).toBe(429);
    // Behind a proxy, whatever the visitor wrote before the proxy's own entry is ignored.
    for (let i = 0; i < 5; i += 1) expect((await loginOverTrpc(browser, editor.email, 'wrong', `10.9.9.${i}, 198.51.100.7`)).status).toBe(401);
    expect((await loginOverTrpc(browser, editor.email, 'wrong', '203.0.113.200, 198.51.100.7')).status).toBe(429);
    expect((await loginOverTrpc(browser, editor.email, testPassword, '198.51.100.8')).status).toBe(200);
  });

  it('lets the real editor in within a minute over HTTP while other addresses keep failing against her account', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const attacker = new CookieClient(server.url);
    // Twenty-six failures from as many addresses, each waiting only as long as it is told.
    for (let i = 0; i < 26; i += 1) {
      let answer = await loginOverTrpc(attacker, editor.email, `guess ${i}`, `10.66.0.${i}`);
      if (answer.status === 429) {
        later(Number(answer.retryAfter));
        answer = await loginOverTrpc(attacker, editor.email, `guess ${i}`, `10.66.0.${i}`);
      }
      expect(answer.status).toBe(401);
    }

    const browser = new CookieClient(server.url);
    const held = await loginOverTrpc(browser, editor.email, testPassword, '192.0.2.55');
    expect(held.status).toBe(429);
    const wait = Number(held.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await loginOverTrpc(attacker, editor.email, 'queued guess', '10.66.1.1')).status).toBe(429);

    later(wait);
    // The attacker comes back first and fails again, which starts the account-wide minute anew...
    expect((await loginOverTrpc(attacker, editor.email, 'another guess', '10.66.1.1')).status).toBe(401);
    expect((await loginOverTrpc(attacker, editor.email, 'yet another', '10.66.1.2')).status).toBe(429);
    // ...but the editor waited the time she was told, and gets her turn.
    expect((await loginOverTrpc(browser, editor.email, testPassword, '192.0.2.55')).status).toBe(200);
    expect(browser.cookies.has('session')).toBe(true);
  });
});

describe('hourly limits on visitors’ writes and uploads', () => {
  const writes = {
    'contact over /trpc': (c: CookieClient, from: string, i: number) =>
      trpcMutation(c, 'contacts.create', { name: 'Visitor', email: `v${i}@example.org`, message: 'Hello' }, { 'X-Forwarded-For': from }),
    'story over /trpc': (c: CookieClient, from: string, i: number) =>
      trpcMutation(c, 'stories.create', { title: `Story ${i}`, description: 'What happened' }, { 'X-Forwarded-For': from }),
    'subscribe over /trpc': (c: CookieClient, from: string, i: number) =>
      trpcMutation(c, 'newsletter.subscribe', { email: `reader${i}@example.org` }, { 'X-Forwarded-For': from }),
    'POST /api/contact': (c: CookieClient, from: string, i: number) =>
      restJson(c, '/api/contact', { name: 'Visitor', email: `v${i}@example.org`, message: 'Hello' }, from),
    'POST /api/story': (c: CookieClient, from: string, i: number) => restJson(c, '/api/story', { title: `Story ${i}`, description: 'What happened' }, from),
    'POST /api/subscribe': (c: CookieClient, from: string, i: number) => restJson(c, '/api/subscribe', { email: `reader${i}@example.org` }, from),
  };

  async function restJson(client: CookieClient, pathname: string, body: unknown, from: string) {
    const response = await client.fetch(pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify(body),
    });
    await response.body?.cancel();
    return { status: response.status, headers: response.headers };
  }

  const stored = async (d: TestDeps) =>
    Promise.all([contactMessages, stories, newsletterSubscribers].map(async (table) => (await d.db.select().from(table)).length));

  it.each(Object.keys(writes) as (keyof typeof writes)[])(
    'answers the fourth %s of an hour with 429 and Retry-After, stores nothing of it, and still serves other visitors',
    async (name) => {
      const { deps, server } = await site({ RATE_LIMIT_PUBLIC_WRITES: '3' });
      const client = new CookieClient(server.url);
      const send = writes[name];
      for (let i = 0; i < 3; i += 1) expect((await send(client, '198.51.100.20', i)).status).toBeLessThan(300);
      const before = await stored(deps);
      const refused = await send(client, '198.51.100.20', 3);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await stored(deps)).toEqual(before);
      expect((await send(client, '198.51.100.21', 4)).status).toBeLessThan(300);
    },
  );

  it.each(['/api/uploads', '/api/contact', '/api/story'])(
    'answers the third file of an hour sent to %s with 429 and Retry-After, and stores nothing of it',
    async (pathname) => {
      const { deps, server } = await site({ RATE_LIMIT_UPLOADS: '2', RATE_LIMIT_PUBLIC_WRITES: '0' });
      const client = new CookieClient(server.url);
      const image = fs.readFileSync(await makeImageFile(deps, 'png'));
      const send = async () => {
        const form = new FormData();
        if (pathname === '/api/contact') for (const [k, v] of Object.entries({ name: 'Visitor', email: 'v@example.org', message: 'Hello' })) form.append(k, v);
        if (pathname === '/api/story') for (const [k, v] of Object.entries({ title: 'Story', description: 'What happened' })) form.append(k, v);
        form.append(pathname === '/api/uploads' ? 'file' : pathname === '/api/contact' ? 'image' : 'media', new Blob([image]), 'photo.png');
        const response = await client.fetch(pathname, { method: 'POST', body: form, headers: { 'X-Forwarded-For': '198.51.100.30' } });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { message?: string } };
      };
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const before = await rowCounts(deps);
      const files = fs.readdirSync(folderOf(deps.storage).root, { recursive: true }).length;
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(3500);
      expect(refused.body.message).toBe('Too many attempts. Please wait a little and try again.');
      expect(await rowCounts(deps)).toEqual(before);
      expect(await deps.db.select().from(uploads)).toHaveLength(2);
      expect(fs.readdirSync(folderOf(deps.storage).root, { recursive: true }).length).toBe(files);
    },
  );
});
