import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshSecondFactorFlag } from '../../src/server/auth/second-factor-policy.ts';
import { encodeKey, newTotpKey } from '../../src/server/auth/totp.ts';
import { auditLog, users } from '../../src/server/db/schema.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation, trpcQuery } from '../setup/trpc-http.ts';

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

/** An account with an authenticator app on, set straight in the database. */
async function withApp() {
  const user = await makeUser(deps, { role: 'editor' });
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: encodeKey(newTotpKey()) })
      .where(eq(users.id, user.id));
    await refreshSecondFactorFlag(tx, user.id);
  });
  return user;
}

async function passwordStep(email: string) {
  const client = new CookieClient(server.url);
  await client.fetch('/sanctum/csrf-cookie');
  const login = await trpcMutation(client, 'auth.login', { email, password: testPassword }, client.xsrfHeaders());
  expect(login.data).toEqual({ status: 'two_factor_required', methods: ['totp', 'recovery_code'] });
  expect(client.cookies.has('session')).toBe(false);
  expect(client.cookies.has('sign_in')).toBe(true);
  return client;
}

describe('a sign-in under way and the shared cache', () => {
  it('is never answered to another browser, nor from another browser’s answer', async () => {
    const first = await passwordStep((await withApp()).email);
    const mine = await trpcQuery(first, 'auth.pendingSignIn');
    expect(mine.data).toEqual({ methods: ['totp', 'recovery_code'] });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    // A reader with no sign-in under way asks the same address: she is told of none.
    const stranger = new CookieClient(server.url);
    expect((await trpcQuery(stranger, 'auth.pendingSignIn')).data).toBeNull();
    expect((await trpcQuery(stranger, 'auth.pendingSignIn')).data).toBeNull();

    // And the stranger's answer, now kept for anonymous readers, is not what a signing-in browser gets.
    const second = await passwordStep((await withApp()).email);
    expect((await trpcQuery(second, 'auth.pendingSignIn')).data).toEqual({ methods: ['totp', 'recovery_code'] });
  });
});

describe('second-step codes in a batch', () => {
  it('are refused whole before any is checked: one request is at most one guess', async () => {
    const user = await withApp();
    const client = await passwordStep(user.email);
    const guesses = Array.from({ length: 5 }, (_, i) => ({ code: String(100000 + i) }));
    const body = Object.fromEntries(guesses.map((input, i) => [i, superjson.serialize(input)]));
    const response = await client.fetch(`/trpc/${guesses.map(() => 'auth.secondStep').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client.xsrfHeaders() },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    const [counted] = await deps.db.select({ failures: users.secondStepFailures }).from(users).where(eq(users.id, user.id));
    expect(counted?.failures).toBe(0);
    expect((await deps.db.select().from(auditLog).where(eq(auditLog.action, 'auth.loginFailed'))).length).toBe(0);
  });
});
