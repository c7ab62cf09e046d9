import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSession,
  deleteExpiredSessions,
  generateSessionToken,
  sessionIdOf,
  validateSessionToken,
  type SessionPolicy,
} from '../../src/server/auth/sessions.ts';
import type { SessionUser } from '../../src/server/auth/sessions.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { makeUser } from '../factories/index.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient, startServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { holdSession, trpcQuery } from '../setup/trpc-http.ts';

const hour = 3_600_000;
const policy: SessionPolicy = { idleMs: 8 * hour, maxMs: 24 * hour };
const loginTime = new Date('2026-03-08T08:00:00Z');
const at = (hoursAfterLogin: number) => new Date(loginTime.getTime() + hoursAfterLogin * hour);

let deps: TestDeps;
let user: SessionUser;
let token: string;
beforeEach(async () => {
  deps = createTestDeps();
  user = await makeUser(deps);
  token = generateSessionToken();
  await createSession(deps.db, token, user.id, policy, loginTime);
});
afterEach(() => deps.cleanup());

const rowOf = async (cookieToken: string) => {
  const [found] = await deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(cookieToken)))
    .limit(1);
  return found;
};
const row = () => rowOf(token);

describe('createSession', () => {
  it('starts a session that expires after the idle period, stored under the hash of its token', async () => {
    expect(await row()).toMatchObject({ userId: user.id, createdAt: loginTime, expiresAt: at(8) });
    expect((await row())!.id).not.toBe(token);
  });

  it('never starts a session longer than the absolute lifetime', async () => {
    const short = generateSessionToken();
    const session = await createSession(deps.db, short, user.id, { idleMs: 8 * hour, maxMs: 2 * hour }, loginTime);
    expect(session.expiresAt).toEqual(at(2));
  });
});

describe('validateSessionToken', () => {
  it('answers the session and its user while the session is valid', async () => {
    const found = await validateSessionToken(deps.db, token, policy, at(1));
    expect(found?.user).toEqual({ id: user.id, name: user.name, email: user.email, role: 'admin' });
    expect(found?.session.userId).toBe(user.id);
  });

  it('answers null for an unknown token', async () => {
    expect(await validateSessionToken(deps.db, generateSessionToken(), policy, at(1))).toBeNull();
  });

  it('slides the expiry forward with use', async () => {
    const found = await validateSessionToken(deps.db, token, policy, at(4));
    expect(found).toMatchObject({ refreshed: true, session: { expiresAt: at(12) } });
    expect((await row())?.expiresAt).toEqual(at(12));
  });

  it('does not rewrite the row for use within a tenth of the idle period', async () => {
    const found = await validateSessionToken(deps.db, token, policy, at(0.5));
    expect(found?.refreshed).toBe(false);
    expect((await row())?.expiresAt).toEqual(at(8));
  });

  it('keeps a session alive that is used before each idle period runs out', async () => {
    for (const hours of [7, 14, 21]) expect(await validateSessionToken(deps.db, token, policy, at(hours)), `at ${hours} h`).not.toBeNull();
  });

  it('ends a session left idle for the idle period, and deletes its row', async () => {
    expect(await validateSessionToken(deps.db, token, policy, at(8))).toBeNull();
    expect(await row()).toBeUndefined();
    expect(await validateSessionToken(deps.db, token, policy, at(1))).toBeNull();
  });

  it('never slides past the absolute lifetime counted from login', async () => {
    await validateSessionToken(deps.db, token, policy, at(7));
    await validateSessionToken(deps.db, token, policy, at(14));
    const late = await validateSessionToken(deps.db, token, policy, at(20));
    expect(late?.session.expiresAt).toEqual(at(24));
  });

  it('ends a session at its absolute lifetime even when it was just used', async () => {
    for (const hours of [7, 14, 21, 23.5]) await validateSessionToken(deps.db, token, policy, at(hours));
    expect(await validateSessionToken(deps.db, token, policy, at(24))).toBeNull();
    expect(await row()).toBeUndefined();
  });
});

describe('deleteExpiredSessions', () => {
  it('removes sessions past their expiry and keeps the others', async () => {
    const fresh = generateSessionToken();
    await createSession(deps.db, fresh, user.id, policy, at(10));
    await deleteExpiredSessions(deps.db, at(9));
    expect(await row()).toBeUndefined();
    expect(await rowOf(fresh)).toBeDefined();
  });
});

describe('sessions over HTTP', () => {
  it('sends the slid expiry back in the session cookie', async () => {
    const oneHourAgo = new Date(Date.now() - hour);
    const used = await sessionTokenFor(deps, user, oneHourAgo);
    const server = await startServer(deps);
    try {
      const browser = new CookieClient(server.url);
      await holdSession(browser, used);
      const result = await trpcQuery(browser, 'auth.me');
      expect(result.data).toMatchObject({ id: user.id });
      const cookie = result.headers.getSetCookie().find((line) => line.startsWith(`session=${used}`));
      const expires = new Date(/Expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? '');
      const idleMs = sessionPolicy(deps.env).idleMs;
      expect(Math.abs(expires.getTime() - (Date.now() + idleMs))).toBeLessThan(5 * 60_000);
    } finally {
      await server.close();
    }
  });
});
