import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { createPostgresGuards } from '../../src/server/security/guards-postgres.ts';
import type { LoginThrottleStore } from '../../src/server/security/guards.ts';
import { CONCURRENT_CHECKS, LOGIN_RULES } from '../../src/server/security/throttle.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { testDialect, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();
const site = (env: Record<string, string> = {}) => sites.site(env);
// The clock stands still (for Date only): the delays between sequential attempts cannot run out
// while a burst is being answered, so every check beyond the sequential allowance is a bypass.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 22, 9) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Failures a single address gets checked, one after another, before the first delay (the per-pair rule). */
const SEQUENTIAL_FREE = 5;

const failedChecks = async (d: TestDeps) =>
  (await d.db.select({ action: auditLog.action, attempts: auditLog.attempts }).from(auditLog))
    .filter((row) => row.action === 'auth.loginFailed')
    .reduce((sum, row) => sum + row.attempts, 0);

async function restLogin(base: string, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  await response.body?.cancel();
  return { status: response.status, cookie: response.headers.getSetCookie().some((line) => line.startsWith('session=')) };
}

/** One tRPC batch request of many sign-ins, as `httpBatchLink` would send them. */
async function batchedLogins(base: string, attempts: { email: string; password: string }[]) {
  const paths = attempts.map(() => 'auth.login').join(',');
  const body = Object.fromEntries(attempts.map((input, i) => [i, superjson.serialize(input)]));
  const response = await fetch(`${base}/trpc/${paths}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json()) as unknown;
  const answers = (Array.isArray(parsed) ? parsed : []) as { error?: { json: { data: { code: string; httpStatus: number } } } }[];
  return { status: response.status, answers, cookie: response.headers.getSetCookie().some((line) => line.startsWith('session=')) };
}

/** One tRPC sign-in on its own, not batched: how the site's client sends it. */
async function singleLogin(base: string, input: { email: string; password: string }) {
  const response = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize(input)),
  });
  return { status: response.status, cookie: response.headers.getSetCookie().some((line) => line.startsWith('session=')) };
}

describe('sign-in guessing in parallel', () => {
  it('checks no more of 100 simultaneous POST /api/login from one address than it would one after another, and the right password among them is refused', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const burst = (passwords: string[]) => Promise.all(passwords.map((password) => restLogin(server.url, editor.email, password)));
    const answers = await burst(Array.from({ length: 100 }, (_, i) => `wrong guess ${i}`));
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(SEQUENTIAL_FREE);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(100 - checked);
    expect(await failedChecks(deps)).toBe(checked);
    // Another burst, with the right password among the wrong ones, once the allowance is spent: none is checked.
    const second = await burst(Array.from({ length: 100 }, (_, i) => (i % 10 === 5 ? testPassword : `more guesses ${i}`)));
    const checkedAfter = second.filter((answer) => answer.status !== 429).length;
    expect(checked + checkedAfter).toBeLessThanOrEqual(SEQUENTIAL_FREE);
    expect(second.some((answer) => answer.status === 200 || answer.cookie)).toBe(false);
  });

  it('checks no more of 60 simultaneous tRPC sign-ins (each a request of its own) than the sequential limit, and then not the right one', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const burst = async (password: (i: number) => string) => {
      const clients = Array.from({ length: 60 }, () => new CookieClient(server.url));
      const answers = await Promise.all(clients.map((client, i) => trpcMutation(client, 'auth.login', { email: editor.email, password: password(i) })));
      return { answers, signedIn: clients.some((client) => client.cookies.has('session')) };
    };
    const first = await burst((i) => `wrong ${i}`);
    const checked = first.answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(SEQUENTIAL_FREE);
    expect(first.answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    const second = await burst((i) => (i % 6 === 3 ? testPassword : `again ${i}`));
    expect(checked + second.answers.filter((answer) => answer.status !== 429).length).toBeLessThanOrEqual(SEQUENTIAL_FREE);
    expect(second.signedIn).toBe(false);
    expect(await failedChecks(deps)).toBe(checked + second.answers.filter((answer) => answer.status === 401).length);
  });

  it('refuses a tRPC batch that holds more than one sign-in whole, before any password is checked', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    // The audit's batch: a thousand guesses, the right one among them. The batch cap refuses it before tRPC reads a call.
    const attempts = Array.from({ length: 1000 }, (_, i) => ({ email: editor.email, password: i === 500 ? testPassword : `guess ${i}` }));
    const huge = await batchedLogins(server.url, attempts);
    expect(huge.status).toBe(413);
    expect(huge.cookie).toBe(false);
    // A batch small enough to pass the cap is refused for its sign-ins, each call answered BAD_REQUEST.
    const small = Array.from({ length: 5 }, (_, i) => ({ email: editor.email, password: i === 3 ? testPassword : `guess ${i}` }));
    const batch = await batchedLogins(server.url, small);
    expect(batch.status).toBe(400);
    expect(batch.answers).toHaveLength(5);
    expect(batch.answers.every((answer) => answer.error?.json.data.code === 'BAD_REQUEST')).toBe(true);
    expect(batch.cookie).toBe(false);
    expect(await failedChecks(deps)).toBe(0);
    // Mixed with other calls too.
    const mixed = await fetch(`${server.url}/trpc/auth.me,auth.login?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 1: superjson.serialize({ email: editor.email, password: testPassword }) }),
    });
    expect(mixed.status).toBe(400);
    expect(mixed.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(false);
    // Even a batch of one sign-in is refused: a password is checked only in a request of its own.
    const batchOfOne = await batchedLogins(server.url, [{ email: editor.email, password: testPassword }]);
    expect(batchOfOne.status).toBe(400);
    expect(batchOfOne.cookie).toBe(false);
    // Nothing was counted against the editor: a sign-in of its own, as the client sends it, works at once.
    const alone = await singleLogin(server.url, { email: editor.email, password: testPassword });
    expect(alone.status).toBe(200);
    expect(alone.cookie).toBe(true);
  });

  it('counts many parallel tRPC sign-ins, each in a request of its own, like requests one after another', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => singleLogin(server.url, { email: editor.email, password: i === 39 ? testPassword : `wrong ${i}` })),
    );
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(SEQUENTIAL_FREE);
    expect(answers.some((answer) => answer.cookie)).toBe(false);
    expect(await failedChecks(deps)).toBe(checked);
  });

  it('holds many addresses guessing one account in parallel (behind a trusted proxy) to the account-wide limit', async () => {
    const { deps, server } = await site({ TRUST_PROXY: 'loopback' });
    const editor = await makeUser(deps);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        restLogin(server.url, editor.email, i === 199 ? testPassword : `wrong ${i}`, { 'X-Forwarded-For': `10.77.${Math.floor(i / 200)}.${i % 200}` }),
      ),
    );
    // At most four checks at once per account, and the account-wide rule lets twenty through before any delay.
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(20);
    expect(answers.some((answer) => answer.cookie)).toBe(false);
  });
});

describe('the login throttle itself, on the nodes of one site', () => {
  const others: Db[] = [];
  afterEach(async () => {
    for (const db of others.splice(0)) await db.close();
  });
  /** On PostgreSQL three nodes, each with connections of its own, sharing the counts; on SQLite the one process. */
  function throttles(d: TestDeps): LoginThrottleStore[] {
    if (testDialect !== 'postgres') return [d.guards.loginThrottle];
    const more = [1, 2].map(() => openDatabase(d.env.DATABASE_URL));
    others.push(...more);
    return [d.guards.loginThrottle, ...more.map((db) => createPostgresGuards(db, d.env, d.keys).loginThrottle)];
  }
  const account = 'editor@example.org';
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reserves no more checks than the account-wide rule allows, however many addresses try at once on however many nodes', async () => {
    const nodes = throttles(sites.deps());
    let running = 0;
    let most = 0;
    let checked = 0;
    for (let wave = 0; wave < 20 && checked < LOGIN_RULES.account.free; wave++) {
      await Promise.all(
        Array.from({ length: 150 }, async (_, i) => {
          const { attempt } = await nodes[i % nodes.length]!.begin(`10.${wave}.${i >> 8}.${i & 255}`, account);
          if (!attempt) return;
          checked++;
          most = Math.max(most, ++running);
          await pause(Math.random() * 15);
          running--;
          await attempt.failed();
        }),
      );
    }
    expect(most).toBeLessThanOrEqual(CONCURRENT_CHECKS.perAccount);
    expect(checked).toBe(LOGIN_RULES.account.free);
  });

  it('settles checks, right and wrong, while other attempts on the account begin on other nodes, without a deadlock', async () => {
    const nodes = throttles(sites.deps());
    const errors: unknown[] = [];
    for (let wave = 0; wave < 6; wave++) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          try {
            const { attempt } = await nodes[i % nodes.length]!.begin(`10.${wave}.0.${i}`, account);
            // A right password clears the account's counts while others are being counted.
            await (i % 2 ? attempt?.succeeded() : attempt?.failed());
          } catch (error) {
            errors.push(error);
          }
        }),
      );
    }
    expect(errors).toEqual([]);
  });
});
