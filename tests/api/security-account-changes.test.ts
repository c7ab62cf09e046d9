import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validateSessionToken } from '../../src/server/auth/sessions.ts';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import { users } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { adminCaller, sessionTokenFor } from '../setup/callers.ts';
import { fieldErrorsOf } from '../setup/errors.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { holdSession, trpcMutation } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();

const isValid = (d: TestDeps, token: string) => validateSessionToken(d.db, token, sessionPolicy(d.env)) !== null;
const storedHash = (d: TestDeps, id: number) => d.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).get()!.hash;
const storedEmail = (d: TestDeps, id: number) => d.db.select({ email: users.email }).from(users).where(eq(users.id, id)).get()!.email;

describe('changing one’s own e-mail address or password over tRPC', () => {
  it('asks for the current password, in the editor’s language, and changes nothing without it', async () => {
    const deps = sites.deps();
    for (const lang of ['en', 'fa'] as const) {
      const { caller, user } = await adminCaller(deps, { lang });
      const hash = storedHash(deps, user.id);
      const missing = await fieldErrorsOf(deps, caller.users.update({ id: user.id, password: 'a brand new passphrase' }), lang);
      expect(missing).toEqual({
        currentPassword: [
          lang === 'en'
            ? 'Enter your current password to change your e-mail address or password.'
            : 'برای تغییر ایمیل یا گذرواژه، گذرواژهٔ کنونی خود را وارد کنید.',
        ],
      });
      const wrong = await fieldErrorsOf(deps, caller.users.update({ id: user.id, email: 'taken.over@example.org', currentPassword: 'not my password' }), lang);
      expect(wrong).toEqual({ currentPassword: [lang === 'en' ? 'The current password is incorrect.' : 'گذرواژهٔ کنونی نادرست است.'] });
      expect(storedHash(deps, user.id)).toBe(hash);
      expect(storedEmail(deps, user.id)).toBe(user.email);
    }
  });

  it('with the current password, changes the password or the address and ends every other session of hers, not this one', async () => {
    const deps = sites.deps();
    const { caller, user, token } = await adminCaller(deps);
    const phone = sessionTokenFor(deps, user);
    await caller.users.update({ id: user.id, password: 'a brand new passphrase', currentPassword: testPassword });
    expect(await verifyPassword(storedHash(deps, user.id), 'a brand new passphrase')).toBe(true);
    expect([isValid(deps, token), isValid(deps, phone)]).toEqual([true, false]);

    const laptop = sessionTokenFor(deps, user);
    await caller.users.update({ id: user.id, email: 'new.address@example.org', currentPassword: 'a brand new passphrase' });
    expect(storedEmail(deps, user.id)).toBe('new.address@example.org');
    expect([isValid(deps, token), isValid(deps, laptop)]).toEqual([true, false]);
  });

  it('needs no password for a new name, or for sending the same address again, and then ends no session', async () => {
    const deps = sites.deps();
    const { caller, user } = await adminCaller(deps);
    const phone = sessionTokenFor(deps, user);
    await expect(caller.users.update({ id: user.id, name: 'A new name', email: user.email })).resolves.toMatchObject({ name: 'A new name' });
    expect(isValid(deps, phone)).toBe(true);
  });

  it('counts wrong current passwords like failed sign-ins: the sixth guess in a row waits', async () => {
    const deps = sites.deps();
    const server = await sites.serve(deps);
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    await holdSession(browser, sessionTokenFor(deps, editor));
    const guess = (password: string) =>
      trpcMutation(browser, 'users.update', { id: editor.id, password: 'a brand new passphrase', currentPassword: password }, browser.xsrfHeaders());
    for (let i = 0; i < 5; i += 1) expect((await guess(`guess ${i}`)).error?.fieldErrors).toHaveProperty('currentPassword');
    const held = await guess(testPassword);
    expect(held.status).toBe(429);
    expect(await verifyPassword(storedHash(deps, editor.id), testPassword)).toBe(true);
  });
});

describe('an administrator changing another user', () => {
  it('needs no password of that user, and ends every session of that user when the address changes', async () => {
    const deps = sites.deps();
    const { caller, token } = await adminCaller(deps);
    const colleague = await makeUser(deps);
    const hers = [sessionTokenFor(deps, colleague), sessionTokenFor(deps, colleague)];
    await caller.users.update({ id: colleague.id, email: 'moved@example.org' });
    expect(hers.map((t) => isValid(deps, t))).toEqual([false, false]);
    expect(isValid(deps, token)).toBe(true);
  });
});

describe('changing one’s own password over REST', () => {
  it('answers 422 with errors.current_password in the editor’s language, and 200 with the right one', async () => {
    const deps = sites.deps();
    const server = await sites.serve(deps);
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    await holdSession(browser, sessionTokenFor(deps, editor));
    const other = sessionTokenFor(deps, editor);
    const send = (body: Record<string, string>, lang = 'en') =>
      browser.fetch(`/api/admin/users/${editor.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'X-Lang': lang, ...browser.xsrfHeaders() },
        body: JSON.stringify(body),
      });
    const missing = await send({ name: editor.name, email: 'new@example.org', password: '' }, 'fa');
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      current_password: ['برای تغییر ایمیل یا گذرواژه، گذرواژهٔ کنونی خود را وارد کنید.'],
    });
    const wrong = await send({ password: 'a brand new passphrase', current_password: 'nope nope nope' });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors).toEqual({ current_password: ['The current password is incorrect.'] });
    expect(isValid(deps, other)).toBe(true);
    const right = await send({ email: 'new@example.org', current_password: testPassword });
    expect(right.status).toBe(200);
    expect(storedEmail(deps, editor.id)).toBe('new@example.org');
    expect(isValid(deps, other)).toBe(false);
  });
});
