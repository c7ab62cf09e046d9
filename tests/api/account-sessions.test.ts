import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../src/server/db/schema.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation, trpcQuery } from '../setup/trpc-http.ts';

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let deps: TestDeps;
let server: TestServer;
beforeEach(async () => {
  deps = createTestDeps();
  server = await startServer(deps);
});
afterEach(async () => {
  await server.close();
  await deps.cleanup();
});

interface Listed {
  handle: string;
  browser: string | null;
  current: boolean;
}

/** A browser that signs in over HTTP as a real one does, with its own User-Agent. */
async function signIn(email: string, userAgent: string) {
  const client = new CookieClient(server.url);
  await client.fetch('/sanctum/csrf-cookie', { headers: { 'user-agent': userAgent } });
  const login = await trpcMutation(client, 'auth.login', { email, password: testPassword }, { ...client.xsrfHeaders(), 'user-agent': userAgent });
  expect(login.error).toBeNull();
  const headers = () => ({ ...client.xsrfHeaders(), 'user-agent': userAgent });
  return {
    list: async () => (await trpcQuery(client, 'account.sessions', undefined, headers())).data as Listed[],
    end: (handle: string) => trpcMutation(client, 'account.endSession', { handle }, headers()),
    me: async () => (await trpcQuery(client, 'auth.me', undefined, headers())).data,
  };
}

describe(`an account's sessions on ${testDialect}`, () => {
  it('are listed to their owner by a coarse browser name, never an address, and she can end any of them', async () => {
    const owner = await makeUser(deps, { role: 'writer' });
    const phone = await signIn(owner.email, FIREFOX_ANDROID);
    const laptop = await signIn(owner.email, CHROME_WINDOWS);

    const listed = await phone.list();
    expect(listed.map(({ browser, current }) => ({ browser, current }))).toEqual([
      { browser: 'Chrome · Windows', current: false },
      { browser: 'Firefox · Android', current: true },
    ]);
    // What is kept: the browser's family and system, no version, no address, no full User-Agent.
    const rows = await deps.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    const stored = JSON.stringify(rows);
    for (const trace of ['127.0.0.1', '::1', '128.0', '131.0', 'Mozilla', 'Win64']) expect(stored).not.toContain(trace);

    // The phone ends the laptop's session: the laptop is signed out, the phone is not.
    const laptopHandle = listed.find((session) => !session.current)!.handle;
    expect((await phone.end(laptopHandle)).error).toBeNull();
    expect(await laptop.me()).toBeNull();
    expect(await phone.me()).toMatchObject({ id: owner.id });
    expect((await phone.list()).length).toBe(1);
    const [entry] = await deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.action, 'account.endSession'));
    expect(entry).toEqual({ action: 'account.endSession' });
  });

  it('never lets one account end another’s session', async () => {
    const owner = await makeUser(deps);
    const other = await makeUser(deps, { role: 'editor' });
    const mine = await signIn(owner.email, FIREFOX_ANDROID);
    const theirs = await signIn(other.email, CHROME_WINDOWS);
    const [handle] = (await mine.list()).map((session) => session.handle);
    const refused = await theirs.end(handle!);
    expect({ status: refused.status, message: refused.error?.message }).toEqual({ status: 404, message: 'That session has already ended.' });
    expect(await mine.me()).toMatchObject({ id: owner.id });
    expect((await theirs.list()).map((session) => session.browser)).toEqual(['Chrome · Windows']);
  });
});
