import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, sessionIdOf, validateSessionToken } from '../../src/server/auth/sessions.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient, type TestServer } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { createTestDeps } from '../setup/test-db.ts';
import { holdSession, trpcMutation } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();
const site = () => sites.site();

const hour = 3_600_000;
const start = new Date(Date.UTC(2026, 2, 8, 9, 0));

describe('session lifetime', () => {
  it('never lets a session live past its idle timeout without use, nor past its absolute lifetime however it is used', async () => {
    const d = createTestDeps({ SESSION_IDLE_HOURS: '8', SESSION_MAX_HOURS: '24' });
    try {
      const policy = sessionPolicy(d.env);
      const [user] = await d.db.transaction((tx) =>
        tx.insert(users).values({ name: 'A', email: 'a@example.org', passwordHash: 'x' }).returning({ id: users.id }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 10 * hour }), { minLength: 1, maxLength: 8 }), async (gaps) => {
          const token = generateSessionToken();
          await createSession(d.db, token, user!.id, policy, start);
          let lastUse = start.getTime();
          let now = start.getTime();
          for (const gap of gaps) {
            now += gap;
            const alive = (await validateSessionToken(d.db, token, policy, new Date(now))) !== null;
            const idle = now - lastUse;
            const age = now - start.getTime();
            if (idle >= policy.idleMs || age >= policy.maxMs) expect(alive, `idle ${idle} ms, age ${age} ms`).toBe(false);
            // Expiry is rewritten at most every tenth of the idle period, so a session may end up to that much early
            // (never late): use within 90% of the idle period, before the last tenth of the lifetime, always keeps it.
            if (idle < policy.idleMs * 0.9 && age < policy.maxMs - policy.idleMs / 10) expect(alive, `idle ${idle} ms, age ${age} ms`).toBe(true);
            if (!alive) {
              expect(
                await d.db
                  .select()
                  .from(sessions)
                  .where(eq(sessions.id, sessionIdOf(token))),
                'an ended session leaves no row',
              ).toEqual([]);
              return;
            }
            lastUse = now;
          }
        }),
        { numRuns: 100 },
      );
    } finally {
      await d.cleanup();
    }
  });

  it('refuses over HTTP a session left idle too long and one past its absolute lifetime, and clears the cookie', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const policy = sessionPolicy(deps.env);
    const idle = generateSessionToken();
    await createSession(deps.db, idle, editor.id, policy, new Date(Date.now() - policy.idleMs - 1_000));
    // Used a minute ago, so its sliding expiry is ahead, but it began longer ago than the absolute lifetime.
    const old = generateSessionToken();
    await createSession(deps.db, old, editor.id, policy, new Date(Date.now() - policy.maxMs - 1_000));
    await deps.db.transaction((tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + hour) })
        .where(eq(sessions.id, sessionIdOf(old))),
    );
    for (const token of [idle, old]) {
      const client = new CookieClient(server.url);
      client.cookies.set('session', token);
      const response = await client.fetch('/api/admin/user');
      expect(response.status).toBe(401);
      expect(client.cookies.has('session')).toBe(false);
    }
    expect(await deps.db.select().from(sessions)).toEqual([]);
  });
});

describe('a new session at every sign-in', () => {
  const logins = {
    'POST /api/login': async (client: CookieClient, email: string) =>
      (
        await client.fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...client.xsrfHeaders() },
          body: JSON.stringify({ email, password: testPassword }),
        })
      ).status,
    '/trpc/auth.login': async (client: CookieClient, email: string) =>
      (await trpcMutation(client, 'auth.login', { email, password: testPassword }, client.xsrfHeaders())).status,
  };

  it.each(Object.keys(logins) as (keyof typeof logins)[])('%s never adopts a session cookie planted before sign-in', async (face) => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const planted = generateSessionToken();
    const browser = new CookieClient(server.url);
    await holdSession(browser, planted);
    expect(await logins[face](browser, editor.email)).toBe(200);
    const issued = browser.cookies.get('session');
    expect(issued).toMatch(/^[a-z2-7]{32}$/);
    expect(issued).not.toBe(planted);
    expect(
      await deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(planted))),
    ).toEqual([]);
    const attacker = new CookieClient(server.url);
    attacker.cookies.set('session', planted);
    expect((await attacker.fetch('/api/admin/user')).status).toBe(401);
  });

  it.each(Object.keys(logins) as (keyof typeof logins)[])('%s replaces a valid session the browser already held, and ends it', async (face) => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    // Someone else's session, slipped into the editor's browser so her work would land in their account.
    const held = await sessionTokenFor(deps, await makeUser(deps));
    const browser = new CookieClient(server.url);
    await holdSession(browser, held);
    expect(await logins[face](browser, editor.email)).toBe(200);
    expect(browser.cookies.get('session')).not.toBe(held);
    expect(
      await deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(held))),
    ).toEqual([]);
    expect(await (await browser.fetch('/api/admin/user')).json()).toMatchObject({ id: editor.id });
  });
});

/** Signed-in browsers of a user, each with its own session. */
async function browsersOf(server: TestServer, token: () => Promise<string>, count: number) {
  const browsers: CookieClient[] = [];
  for (let i = 0; i < count; i += 1) {
    const browser = new CookieClient(server.url);
    await holdSession(browser, await token());
    browsers.push(browser);
  }
  return browsers;
}
const statusOf = async (browser: CookieClient) => (await browser.fetch('/api/admin/user')).status;

describe('ending sessions', () => {
  it.each(['POST /api/admin/logout-everywhere', '/trpc/auth.logoutEverywhere'])('%s ends every session of the user, and nobody else’s', async (face) => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const colleague = await makeUser(deps);
    const mine = await browsersOf(server, () => sessionTokenFor(deps, editor), 3);
    const [theirs] = await browsersOf(server, () => sessionTokenFor(deps, colleague), 1);
    const answer =
      face === '/trpc/auth.logoutEverywhere'
        ? (await trpcMutation(mine[0]!, 'auth.logoutEverywhere', undefined, mine[0]!.xsrfHeaders())).status
        : (await mine[0]!.fetch('/api/admin/logout-everywhere', { method: 'POST', headers: mine[0]!.xsrfHeaders() })).status;
    expect(answer).toBe(200);
    expect(await Promise.all(mine.map(statusOf))).toEqual([401, 401, 401]);
    expect(await statusOf(theirs!)).toBe(200);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, editor.id))).toEqual([]);
  });

  it('ends the other sessions of an editor who changes her own password, and keeps the one she changed it in', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const [current, ...others] = await browsersOf(server, () => sessionTokenFor(deps, editor), 3);
    const response = await current!.fetch(`/api/admin/users/${editor.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...current!.xsrfHeaders() },
      body: JSON.stringify({ password: 'a brand new passphrase', current_password: testPassword }),
    });
    expect(response.status).toBe(200);
    expect(await statusOf(current!)).toBe(200);
    expect(await Promise.all(others.map(statusOf))).toEqual([401, 401]);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, editor.id))).toHaveLength(1);
  });

  it('ends every session of an editor whose password a colleague changes, and none of the colleague’s', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const colleague = await makeUser(deps);
    const hers = await browsersOf(server, () => sessionTokenFor(deps, editor), 2);
    const [admin] = await browsersOf(server, () => sessionTokenFor(deps, colleague), 1);
    const result = await trpcMutation(admin!, 'users.update', { id: editor.id, password: 'a brand new passphrase' }, admin!.xsrfHeaders());
    expect(result.status).toBe(200);
    expect(await Promise.all(hers.map(statusOf))).toEqual([401, 401]);
    expect(await statusOf(admin!)).toBe(200);
  });
});
