import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionIdOf, validateSessionToken } from '../../src/server/auth/sessions.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { innerContext, type CookieWriter } from '../../src/server/trpc/context.ts';
import { createCaller } from '../../src/server/trpc/router.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { adminCaller, publicCaller, sessionTokenFor } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { CookieClient, startServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation, trpcQuery } from '../setup/trpc-http.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

/** A cookie writer that remembers what a browser would have been told. */
function cookieRecorder() {
  const record: { token: string | null; expiresAt: Date | null; cleared: number } = { token: null, expiresAt: null, cleared: 0 };
  const writer: CookieWriter = {
    setSession(token, expiresAt) {
      record.token = token;
      record.expiresAt = expiresAt;
    },
    clearSession() {
      record.cleared += 1;
    },
  };
  return { record, writer };
}

const isValid = async (token: string) => (await validateSessionToken(deps.db, token, sessionPolicy(deps.env))) !== null;

describe('auth.login', () => {
  it('signs an admin in: answers the user without secrets and sets a session cookie', async () => {
    const user = await makeUser(deps, { email: 'editor@example.org' });
    const { record, writer } = cookieRecorder();
    const answer = await createCaller(innerContext(deps, { cookies: writer })).auth.login({ email: 'editor@example.org', password: testPassword });
    expect(answer).toEqual({ id: user.id, name: user.name, email: 'editor@example.org', role: 'admin', mustAddSecondFactor: false });
    expect(record.token).toEqual(expect.any(String));
    expect(record.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await isValid(record.token!)).toBe(true);
  });

  it('stores only the hash of the session token', async () => {
    const user = await makeUser(deps);
    const { record, writer } = cookieRecorder();
    await createCaller(innerContext(deps, { cookies: writer })).auth.login({ email: user.email, password: testPassword });
    const rows = await deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toEqual([{ id: sessionIdOf(record.token!) }]);
    expect(rows[0]!.id).not.toContain(record.token!);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const user = await makeUser(deps, { email: 'case@example.org' });
    await expect(publicCaller(deps).auth.login({ email: '  CASE@Example.org ', password: testPassword })).resolves.toMatchObject({ id: user.id });
  });

  it('gives the same refusal for a wrong e-mail and for a wrong password', async () => {
    const user = await makeUser(deps);
    const wrongEmail = await clientErrorOf(deps, publicCaller(deps).auth.login({ email: 'nobody@example.org', password: testPassword }));
    const wrongPassword = await clientErrorOf(deps, publicCaller(deps).auth.login({ email: user.email, password: 'not the password' }));
    expect(wrongEmail).toEqual({ code: 'UNAUTHORIZED', message: 'The e-mail address or password is incorrect.', fieldErrors: null });
    expect(wrongPassword).toEqual(wrongEmail);
    expect(await deps.db.select().from(sessions)).toEqual([]);
  });

  it('refuses in Persian for Persian readers', async () => {
    const error = await clientErrorOf(deps, publicCaller(deps, { lang: 'fa' }).auth.login({ email: 'nobody@example.org', password: 'whatever' }), 'fa');
    expect(error.message).toBe('ایمیل یا گذرواژه نادرست است.');
  });

  it('replaces a session the browser already held instead of keeping it', async () => {
    const { user, session, token: old } = await adminCaller(deps);
    const { record, writer } = cookieRecorder();
    await createCaller(innerContext(deps, { user, session, cookies: writer })).auth.login({ email: user.email, password: testPassword });
    expect(await isValid(old)).toBe(false);
    expect(record.token).not.toBe(old);
    expect(await isValid(record.token!)).toBe(true);
  });
});

describe('auth.logout, auth.me and auth.logoutEverywhere', () => {
  it('me answers the signed-in user, and null to a visitor', async () => {
    const { caller, user } = await adminCaller(deps);
    expect(await caller.auth.me()).toEqual({ ...user, mustAddSecondFactor: false });
    expect(await publicCaller(deps).auth.me()).toBeNull();
  });

  it('logout ends the session and clears the cookie', async () => {
    const { user, session, token } = await adminCaller(deps);
    const { record, writer } = cookieRecorder();
    await expect(createCaller(innerContext(deps, { user, session, cookies: writer })).auth.logout()).resolves.toEqual({ success: true });
    expect(await isValid(token)).toBe(false);
    expect(record.cleared).toBe(1);
  });

  it('logout succeeds for a visitor with nothing to end', async () => {
    await expect(publicCaller(deps).auth.logout()).resolves.toEqual({ success: true });
  });

  it('logoutEverywhere ends every session of the user, and no one else’s', async () => {
    const { caller, user, token: current } = await adminCaller(deps);
    const elsewhere = await sessionTokenFor(deps, user);
    const colleague = await sessionTokenFor(deps, await makeUser(deps));
    await expect(caller.auth.logoutEverywhere()).resolves.toEqual({ success: true });
    expect([await isValid(current), await isValid(elsewhere), await isValid(colleague)]).toEqual([false, false, true]);
  });
});

describe('signing in over HTTP', () => {
  it('logs in, sends an httpOnly session cookie, and logs out again', async () => {
    const user = await makeUser(deps);
    const server = await startServer(deps);
    try {
      const browser = new CookieClient(server.url);
      expect((await browser.fetch('/sanctum/csrf-cookie')).status).toBe(204);
      const login = await trpcMutation(browser, 'auth.login', { email: user.email, password: testPassword });
      expect(login.status).toBe(200);
      const setCookie = login.headers.getSetCookie().find((line) => line.startsWith('session='))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect((await trpcQuery(browser, 'auth.me')).data).toMatchObject({ id: user.id });

      const logout = await trpcMutation(browser, 'auth.logout', undefined, browser.xsrfHeaders());
      expect(logout.status).toBe(200);
      expect(browser.cookies.has('session')).toBe(false);
      expect((await trpcQuery(browser, 'auth.me')).data).toBeNull();
    } finally {
      await server.close();
    }
  });
});
