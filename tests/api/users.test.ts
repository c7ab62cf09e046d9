import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSessionToken } from '../../src/server/auth/sessions.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { createCaller } from '../../src/server/trpc/router.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { adminCaller, publicCaller, sessionTokenFor } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const isValid = async (token: string) => (await validateSessionToken(deps.db, token, sessionPolicy(deps.env))) !== null;
const canLogIn = async (email: string, password: string) => {
  try {
    await publicCaller(deps).auth.login({ email, password });
    return true;
  } catch {
    return false;
  }
};

describe('users.list and users.byId', () => {
  it('list every user oldest first, with the total and never a password hash', async () => {
    const { caller, user: me } = await adminCaller(deps);
    const other = await makeUser(deps);
    const page = await caller.users.list({});
    expect(page.items.map((u) => u.id)).toEqual([me.id, other.id]);
    expect(page.total).toBe(2);
    // Whether an account has a second factor, never the factor itself (two-factor-totp.test.ts).
    for (const item of page.items) expect(Object.keys(item).sort()).toEqual(['createdAt', 'email', 'hasSecondFactor', 'id', 'name', 'role']);
    expect(await caller.users.byId({ id: other.id })).toMatchObject({ id: other.id, email: other.email, role: 'admin' });
  });

  it('byId answers NOT_FOUND "User not found." for a missing user', async () => {
    const { caller } = await adminCaller(deps);
    expect(await clientErrorOf(deps, caller.users.byId({ id: 999 }))).toMatchObject({ code: 'NOT_FOUND', message: 'User not found.' });
  });
});

describe('users.create', () => {
  it('creates an admin who can then log in, storing the e-mail lower-cased', async () => {
    const { caller } = await adminCaller(deps);
    const created = await caller.users.create({ name: 'Nasrin', email: 'Nasrin@Example.org', password: 'a strong passphrase' });
    expect(created).toMatchObject({ name: 'Nasrin', email: 'nasrin@example.org', role: 'admin' });
    expect(await canLogIn('nasrin@example.org', 'a strong passphrase')).toBe(true);
    const row = (await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, created.id)).limit(1))[0]!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an e-mail address already used, whatever its case', async () => {
    const { caller } = await adminCaller(deps);
    const existing = await makeUser(deps, { email: 'taken@example.org' });
    const errors = await fieldErrorsOf(deps, caller.users.create({ name: 'Copy', email: 'TAKEN@example.org', password: 'long enough password' }));
    expect(errors).toEqual({ email: ['A user with this e-mail address already exists.'] });
    expect((await caller.users.list({})).items.filter((u) => u.email === existing.email)).toHaveLength(1);
  });
});

describe('users.update', () => {
  it('changes the name and e-mail given, and keeps blank fields as they were', async () => {
    const { caller } = await adminCaller(deps);
    const other = await makeUser(deps, { name: 'Before' });
    const renamed = await caller.users.update({ id: other.id, name: 'After', email: '', password: '' });
    expect(renamed).toMatchObject({ name: 'After', email: other.email });
    const moved = await caller.users.update({ id: other.id, name: '  ', email: 'New.Address@example.org' });
    expect(moved).toMatchObject({ name: 'After', email: 'new.address@example.org' });
    expect(await canLogIn('new.address@example.org', testPassword)).toBe(true);
  });

  it('refuses an e-mail that another user has, but accepts the user’s own', async () => {
    const { caller } = await adminCaller(deps);
    const a = await makeUser(deps);
    const b = await makeUser(deps);
    expect(await fieldErrorsOf(deps, caller.users.update({ id: a.id, email: b.email.toUpperCase() }))).toEqual({
      email: ['A user with this e-mail address already exists.'],
    });
    await expect(caller.users.update({ id: a.id, email: a.email })).resolves.toMatchObject({ email: a.email });
  });

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const { caller } = await adminCaller(deps);
    const other = await makeUser(deps);
    await caller.users.update({ id: other.id, password: 'brand new passphrase' });
    expect(await canLogIn(other.email, 'brand new passphrase')).toBe(true);
    expect(await canLogIn(other.email, testPassword)).toBe(false);
  });

  it('ends every session of another user whose password it changes', async () => {
    const { caller } = await adminCaller(deps);
    const other = await makeUser(deps);
    const phone = await sessionTokenFor(deps, other);
    const laptop = await sessionTokenFor(deps, other);
    await caller.users.update({ id: other.id, password: 'brand new passphrase' });
    expect([await isValid(phone), await isValid(laptop)]).toEqual([false, false]);
  });

  it('ends the other sessions of someone changing their own password, but not the one in use', async () => {
    const { caller, user, token: current } = await adminCaller(deps);
    const elsewhere = await sessionTokenFor(deps, user);
    await caller.users.update({ id: user.id, password: 'brand new passphrase', currentPassword: testPassword });
    expect(await isValid(current)).toBe(true);
    expect(await isValid(elsewhere)).toBe(false);
  });

  it('leaves sessions alone when the password does not change', async () => {
    const { caller } = await adminCaller(deps);
    const other = await makeUser(deps);
    const token = await sessionTokenFor(deps, other);
    await caller.users.update({ id: other.id, name: 'Renamed' });
    expect(await isValid(token)).toBe(true);
  });

  it('answers NOT_FOUND for a missing user', async () => {
    const { caller } = await adminCaller(deps);
    expect((await clientErrorOf(deps, caller.users.update({ id: 999, name: 'x' }))).message).toBe('User not found.');
  });
});

describe('users.delete', () => {
  it('deletes another user and ends that user’s sessions', async () => {
    const { caller } = await adminCaller(deps);
    const other = await makeUser(deps);
    const token = await sessionTokenFor(deps, other);
    await expect(caller.users.delete({ id: other.id })).resolves.toEqual({ id: other.id });
    expect((await caller.users.list({})).items.map((u) => u.id)).not.toContain(other.id);
    expect(await isValid(token)).toBe(false);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, other.id))).toEqual([]);
  });

  it('never deletes the signed-in user', async () => {
    const { caller, user } = await adminCaller(deps);
    await makeUser(deps);
    expect(await clientErrorOf(deps, caller.users.delete({ id: user.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You cannot delete your own account.',
    });
    expect((await caller.users.byId({ id: user.id })).id).toBe(user.id);
  });

  it('never deletes the last administrator', async () => {
    // A caller whose own account is already gone (removed from another session) meets the last admin.
    const last = await makeUser(deps);
    const now = new Date();
    const ghost = createCaller(
      innerContext(deps, {
        user: { id: last.id + 100, name: 'Gone', email: 'gone@example.org', role: 'admin' },
        session: { id: 'gone', userId: last.id + 100, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) },
      }),
    );
    expect(await clientErrorOf(deps, ghost.users.delete({ id: last.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The last administrator cannot be deleted.',
    });
    expect(await deps.db.select().from(users)).toHaveLength(1);
  });

  it('answers NOT_FOUND for a missing user', async () => {
    const { caller } = await adminCaller(deps);
    expect((await clientErrorOf(deps, caller.users.delete({ id: 999 }))).code).toBe('NOT_FOUND');
  });
});
