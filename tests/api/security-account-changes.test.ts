import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validateSessionToken } from '../../src/server/auth/sessions.ts';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import { users } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { RECENT_SIGN_IN_MINUTES } from '../../src/server/routers/users.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { adminCaller, sessionTokenFor } from '../setup/callers.ts';
import { fieldErrorsOf } from '../setup/errors.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { holdSession, trpcMutation } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();

const isValid = async (d: TestDeps, token: string) => (await validateSessionToken(d.db, token, sessionPolicy(d.env))) !== null;
const storedHash = async (d: TestDeps, id: number) => (await d.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1))[0]!.hash;
const storedEmail = async (d: TestDeps, id: number) => (await d.db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1))[0]!.email;

describe('changing one’s own e-mail address or password over tRPC', () => {
  it('asks for the current password, in the editor’s language, and changes nothing without it', async () => {
    const deps = sites.deps();
    for (const lang of ['en', 'fa'] as const) {
      const { caller, user } = await adminCaller(deps, { lang });
      const hash = await storedHash(deps, user.id);
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
      expect(await storedHash(deps, user.id)).toBe(hash);
      expect(await storedEmail(deps, user.id)).toBe(user.email);
    }
  });

  it('with the current password, changes the password or the address and ends every other session of hers, not this one', async () => {
    const deps = sites.deps();
    const { caller, user, token } = await adminCaller(deps);
    const phone = await sessionTokenFor(deps, user);
    await caller.users.update({ id: user.id, password: 'a brand new passphrase', currentPassword: testPassword });
    expect(await verifyPassword(await storedHash(deps, user.id), 'a brand new passphrase')).toBe(true);
    expect([await isValid(deps, token), await isValid(deps, phone)]).toEqual([true, false]);

    const laptop = await sessionTokenFor(deps, user);
    await caller.users.update({ id: user.id, email: 'new.address@example.org', currentPassword: 'a brand new passphrase' });
    expect(await storedEmail(deps, user.id)).toBe('new.address@example.org');
    expect([await isValid(deps, token), await isValid(deps, laptop)]).toEqual([true, false]);
  });

  it('needs no password for a new name, or for sending the same address again, and then ends no session', async () => {
    const deps = sites.deps();
    const { caller, user } = await adminCaller(deps);
    const phone = await sessionTokenFor(deps, user);
    await expect(caller.users.update({ id: user.id, name: 'A new name', email: user.email })).resolves.toMatchObject({ name: 'A new name' });
    expect(await isValid(deps, phone)).toBe(true);
  });

  it('counts wrong current passwords like failed sign-ins: the sixth guess in a row waits', async () => {
    const deps = sites.deps();
    const server = await sites.serve(deps);
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    await holdSession(browser, await sessionTokenFor(deps, editor));
    const guess = (password: string) =>
      trpcMutation(browser, 'users.update', { id: editor.id, password: 'a brand new passphrase', currentPassword: password }, browser.xsrfHeaders());
    for (let i = 0; i < 5; i += 1) expect((await guess(`guess ${i}`)).error?.fieldErrors).toHaveProperty('currentPassword');
    const held = await guess(testPassword);
    expect(held.status).toBe(429);
    expect(await verifyPassword(await storedHash(deps, editor.id), testPassword)).toBe(true);
  });
});

describe('an administrator changing another user', () => {
  it('needs no password of that user, and ends every session of that user when the address changes', async () => {
    const deps = sites.deps();
    const { caller, token } = await adminCaller(deps);
    const colleague = await makeUser(deps);
    const hers = [await sessionTokenFor(deps, colleague), await sessionTokenFor(deps, colleague)];
    await caller.users.update({ id: colleague.id, email: 'moved@example.org' });
    expect(await Promise.all(hers.map((t) => isValid(deps, t)))).toEqual([false, false]);
    expect(await isValid(deps, token)).toBe(true);
  });
});

describe('changing one’s own password over REST', () => {
  it('answers 422 with errors.current_password in the editor’s language, and 200 with the right one', async () => {
    const deps = sites.deps();
    const server = await sites.serve(deps);
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    await holdSession(browser, await sessionTokenFor(deps, editor));
    const other = await sessionTokenFor(deps, editor);
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
    expect(await isValid(deps, other)).toBe(true);
    const right = await send({ email: 'new@example.org', current_password: testPassword });
    expect(right.status).toBe(200);
    expect(await storedEmail(deps, editor.id)).toBe('new@example.org');
    expect(await isValid(deps, other)).toBe(false);
  });
});

/** A sign-in made a little longer ago than the window in which access may be handed out without a password. */
const signedInAWhileAgo = () => new Date(Date.now() - (RECENT_SIGN_IN_MINUTES + 1) * 60_000);
const confirmMessage = {
  en: 'You signed in more than 15 minutes ago: enter your own password to confirm it is you.',
  fa: 'بیش از ۱۵ دقیقه از ورودتان گذشته است: برای اطمینان از این‌که خودتان هستید، گذرواژهٔ خود را وارد کنید.',
};
const userCount = async (d: TestDeps) => (await d.db.select({ id: users.id }).from(users)).length;

describe('handing out access with a session signed in a while ago (a stolen cookie, a computer left open)', () => {
  it('adding a user asks for the editor’s own password, in her language, and adds nobody without the right one', async () => {
    const deps = sites.deps();
    for (const lang of ['en', 'fa'] as const) {
      const { caller } = await adminCaller(deps, { lang, signedInAt: signedInAWhileAgo() });
      const before = await userCount(deps);
      const intruder = { name: 'Intruder', email: `intruder.${lang}@example.org`, password: 'a brand new passphrase' };
      expect(await fieldErrorsOf(deps, caller.users.create(intruder), lang)).toEqual({ currentPassword: [confirmMessage[lang]] });
      const wrong = await fieldErrorsOf(deps, caller.users.create({ ...intruder, currentPassword: 'not my password' }), lang);
      expect(wrong).toEqual({ currentPassword: [lang === 'en' ? 'The current password is incorrect.' : 'گذرواژهٔ کنونی نادرست است.'] });
      expect(await userCount(deps)).toBe(before);
      await expect(caller.users.create({ ...intruder, currentPassword: testPassword })).resolves.toMatchObject({ email: intruder.email });
      expect(await userCount(deps)).toBe(before + 1);
    }
  });

  it('changing a colleague’s address or password asks for it too; her name does not', async () => {
    const deps = sites.deps();
    const { caller } = await adminCaller(deps, { signedInAt: signedInAWhileAgo() });
    const colleague = await makeUser(deps);
    const hash = await storedHash(deps, colleague.id);
    for (const change of [{ password: 'a brand new passphrase' }, { email: 'redirected@example.org' }]) {
      expect(await fieldErrorsOf(deps, caller.users.update({ id: colleague.id, ...change }))).toEqual({ currentPassword: [confirmMessage.en] });
    }
    expect([await storedHash(deps, colleague.id), await storedEmail(deps, colleague.id)]).toEqual([hash, colleague.email]);
    await expect(caller.users.update({ id: colleague.id, name: 'Renamed' })).resolves.toMatchObject({ name: 'Renamed' });
    await caller.users.update({ id: colleague.id, email: 'moved.on@example.org', currentPassword: testPassword });
    expect(await storedEmail(deps, colleague.id)).toBe('moved.on@example.org');
  });

  it(`needs no password within ${RECENT_SIGN_IN_MINUTES} minutes of signing in (the original client's sign-in, then add)`, async () => {
    const deps = sites.deps();
    const { caller } = await adminCaller(deps);
    await expect(caller.users.create({ name: 'New colleague', email: 'new.colleague@example.org', password: 'a brand new passphrase' })).resolves.toBeTruthy();
  });

  it('over REST answers 422 with errors.current_password, and 201 with the right one', async () => {
    const deps = sites.deps();
    const server = await sites.serve(deps);
    const editor = await makeUser(deps);
    const token = await sessionTokenFor(deps, editor, signedInAWhileAgo());
    const browser = new CookieClient(server.url);
    await holdSession(browser, token);
    const add = (body: Record<string, string>) =>
      browser.fetch('/api/admin/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...browser.xsrfHeaders() },
        body: JSON.stringify({ name: 'Intruder', email: 'intruder@example.org', password: 'a brand new passphrase', ...body }),
      });
    const refused = await add({});
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors).toEqual({ current_password: [confirmMessage.en] });
    expect(await userCount(deps)).toBe(1);
    expect((await add({ current_password: testPassword })).status).toBe(201);
    expect(await userCount(deps)).toBe(2);
  });
});
