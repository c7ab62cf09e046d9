import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reserveSecondStep, SECOND_STEP_FREE } from '../../src/server/auth/second-step-throttle.ts';
import { encodeKey } from '../../src/server/auth/totp.ts';
import { auditLog, pendingSignIns, recoveryCodes as recoveryCodeRows, sessions, users } from '../../src/server/db/schema.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { codeAt, keyOfSecret } from '../factories/second-factors.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { testDialect } from '../setup/test-db.ts';
import { awayFromStepEdge, Browser, CODE_WRONG, enrolTotp, persianDigits, signedIn, STEP_EXPIRED } from './two-factor-kit.ts';

const site = siteForEachTest();

const sessionsOf = async (userId: number) => (await site.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

/** How each of her sign-ins was finished, oldest first, as the activity log keeps it (null: the password alone). */
const signInsOf = async (userId: number) =>
  (
    await site.deps.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.userId, userId)))
      .orderBy(asc(auditLog.id))
  ).map((entry) => entry.summary);

/** The password step of an account with a second factor: no session, a pending sign-in, the methods. */
async function passwordStep(email: string): Promise<Browser> {
  const browser = await Browser.open(site.server);
  const login = await browser.login(email);
  expect(login.error).toBeNull();
  expect(login.data).toEqual({ status: 'two_factor_required', methods: ['totp', 'recovery_code'] });
  expect(browser.client.cookies.has('session')).toBe(false);
  expect(browser.client.cookies.has('sign_in')).toBe(true);
  return browser;
}

async function secondStep(browser: Browser, code: string) {
  const result = await browser.mutate('auth.secondStep', { code });
  return { status: result.status, message: result.error?.message, retryAfter: result.headers.get('retry-after'), data: result.data };
}

describe(`an authenticator app on ${testDialect}`, () => {
  it('is set up with a code of the shown key (a wrong one refused), gives ten recovery codes and ends her other sessions only', async () => {
    const user = await makeUser(site.deps, { role: 'writer' });
    const phone = await signedIn(site.server, user.email);
    const laptop = await signedIn(site.server, user.email);

    const started = await laptop.mutate('account.totpStart');
    const { secret, uri } = started.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    // Until a code confirms it, nothing is on: the next sign-in is still a plain one.
    expect((await laptop.query('account.security')).data).toMatchObject({ totp: false, recoveryCodesLeft: 0, passkeys: [] });

    const key = keyOfSecret(secret);
    await awayFromStepEdge();
    const wrong = await laptop.mutate('account.totpConfirm', { code: codeAt(key, 3) });
    expect({ status: wrong.status, message: wrong.error?.message }).toEqual({ status: 400, message: CODE_WRONG.en });
    expect((await laptop.query('account.security')).data).toMatchObject({ totp: false });

    const confirmed = await laptop.mutate('account.totpConfirm', { code: codeAt(key) });
    expect(confirmed.error).toBeNull();
    const { recoveryCodes } = confirmed.data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect((await laptop.query('account.security')).data).toMatchObject({ totp: true, recoveryCodesLeft: 10, required: false });

    // The phone's session ended; the laptop, which added the factor, is still signed in.
    expect(await phone.me()).toBeNull();
    expect(await laptop.me()).toMatchObject({ id: user.id, mustAddSecondFactor: false });
    expect(await sessionsOf(user.id)).toBe(1);

    // Only hashes of the recovery codes are kept.
    const stored = JSON.stringify(await site.deps.db.select().from(recoveryCodeRows));
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replaceAll('-', ''));
    // A second start while it is on is refused: one app at a time.
    expect((await laptop.mutate('account.totpStart')).status).toBe(409);
  });

  it('makes the password step answer two_factor_required without a session, and the app’s code finish it once', async () => {
    const user = await makeUser(site.deps);
    await awayFromStepEdge(8_000);
    // Confirmed with the code of the step before this one: the adjacent step is taken.
    const { key } = await enrolTotp(await signedIn(site.server, user.email), -1);
    const before = await sessionsOf(user.id);

    const browser = await passwordStep(user.email);
    expect(await sessionsOf(user.id)).toBe(before);
    expect(await browser.me()).toBeNull();
    expect((await browser.query('auth.pendingSignIn')).data).toEqual({ methods: ['totp', 'recovery_code'] });

    // Two steps from now is out of the window.
    expect(await secondStep(browser, codeAt(key, 2))).toMatchObject({ status: 401, message: CODE_WRONG.en });
    expect(browser.client.cookies.has('session')).toBe(false);

    const done = await secondStep(browser, codeAt(key));
    expect(done).toMatchObject({ status: 200, data: { id: user.id, email: user.email, mustAddSecondFactor: false } });
    expect(browser.client.cookies.has('session')).toBe(true);
    expect(browser.client.cookies.has('sign_in')).toBe(false);
    expect(await browser.me()).toMatchObject({ id: user.id });
    expect(await sessionsOf(user.id)).toBe(before + 1);
    expect(await signInsOf(user.id)).toEqual([null, 'totp']);

    // The same code never works twice, even after a new password step.
    const again = await passwordStep(user.email);
    expect(await secondStep(again, codeAt(key))).toMatchObject({ status: 401, message: CODE_WRONG.en });
    // The next step's code (a phone a little fast) is taken: it is later than the last one used.
    expect(await secondStep(again, codeAt(key, 1))).toMatchObject({ status: 200 });
    // And now the current step's code is earlier than the last one used: refused.
    const third = await passwordStep(user.email);
    expect(await secondStep(third, codeAt(key))).toMatchObject({ status: 401, message: CODE_WRONG.en });
    expect(third.client.cookies.has('session')).toBe(false);
  });

  it('takes the code typed with Persian digits and spaces', async () => {
    const user = await makeUser(site.deps);
    await awayFromStepEdge(8_000);
    const { key } = await enrolTotp(await signedIn(site.server, user.email), -1);
    const browser = await passwordStep(user.email);
    const code = persianDigits(codeAt(key));
    expect(code).toMatch(/^[۰-۹]{6}$/);
    expect(await secondStep(browser, `${code.slice(0, 3)} ${code.slice(3)}`)).toMatchObject({ status: 200, data: { id: user.id } });
  });

  it('takes each recovery code once, and renewing them (with her password) makes the old ones useless', async () => {
    const user = await makeUser(site.deps, { role: 'editor' });
    const { recoveryCodes } = await enrolTotp(await signedIn(site.server, user.email));

    const first = await passwordStep(user.email);
    // Case and dashes do not matter.
    expect(await secondStep(first, recoveryCodes[0]!.toUpperCase())).toMatchObject({ status: 200, data: { id: user.id } });
    expect((await first.query('account.security')).data).toMatchObject({ recoveryCodesLeft: 9 });
    expect(await signInsOf(user.id)).toEqual([null, 'recovery_code']);

    const second = await passwordStep(user.email);
    expect(await secondStep(second, recoveryCodes[0]!)).toMatchObject({ status: 401, message: CODE_WRONG.en });
    expect(await secondStep(second, recoveryCodes[1]!.replaceAll('-', ''))).toMatchObject({ status: 200 });

    const refused = await second.mutate('account.recoveryCodesRenew', { currentPassword: 'not her password' });
    expect({ status: refused.status, fieldErrors: refused.error?.fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { currentPassword: ['The current password is incorrect.'] },
    });
    const renewed = await second.mutate('account.recoveryCodesRenew', { currentPassword: testPassword });
    const fresh = (renewed.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const third = await passwordStep(user.email);
    expect(await secondStep(third, recoveryCodes[2]!)).toMatchObject({ status: 401 });
    expect(await secondStep(third, fresh[0]!)).toMatchObject({ status: 200 });
  });

  it('lets five wrong codes through to be checked, then makes her wait (429, Retry-After), even with the right code', async () => {
    const user = await makeUser(site.deps);
    await awayFromStepEdge(8_000);
    const { key } = await enrolTotp(await signedIn(site.server, user.email), -1);
    const browser = await passwordStep(user.email);
    for (let guess = 0; guess < 5; guess++)
      expect(await secondStep(browser, String(100000 + guess)), `guess ${guess + 1}`).toMatchObject({ status: 401, message: CODE_WRONG.en });
    const sixth = await secondStep(browser, codeAt(key));
    expect(sixth).toMatchObject({ status: 429, message: 'Too many attempts. Please wait a little and try again.' });
    expect(Number(sixth.retryAfter)).toBeGreaterThan(25);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(30);
    expect(browser.client.cookies.has('session')).toBe(false);

    // The count is the account's: a new password step does not start a new one.
    const again = await passwordStep(user.email);
    expect(await secondStep(again, codeAt(key))).toMatchObject({ status: 429 });

    // Once the wait is over (moved back in the database), the right code signs in and clears the count.
    await site.deps.db.transaction((tx) =>
      tx
        .update(users)
        .set({ secondStepFailedAt: new Date(Date.now() - 31_000) })
        .where(eq(users.id, user.id)),
    );
    expect(await secondStep(again, codeAt(key))).toMatchObject({ status: 200 });
    const [row] = await site.deps.db.select({ failures: users.secondStepFailures }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ failures: 0 });
  });

  it('checks at most five of twenty wrong codes sent at once; the right one right after is refused too', async () => {
    const user = await makeUser(site.deps);
    await awayFromStepEdge(10_000);
    const { key } = await enrolTotp(await signedIn(site.server, user.email), -1);
    const browser = await passwordStep(user.email);
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, index) => secondStep(browser, String(200000 + index))));
    // Every answer compared at once, so a failure shows what the others were.
    const statuses = guesses.map((guess) => guess.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
    expect(await secondStep(browser, codeAt(key))).toMatchObject({ status: 429 });
    expect(browser.client.cookies.has('session')).toBe(false);
    expect(await browser.me()).toBeNull();
  });

  it('lets a guess within the free ones be checked even when another guess was counted a moment later than it began', async () => {
    // Guesses racing (or two nodes whose clocks differ by a little) record failure times out of order.
    const user = await makeUser(site.deps);
    const now = Date.now();
    await site.deps.db.transaction((tx) =>
      tx
        .update(users)
        .set({ secondStepFailures: SECOND_STEP_FREE - 2, secondStepFailedAt: new Date(now + 700) })
        .where(eq(users.id, user.id)),
    );
    expect(await reserveSecondStep(site.deps.db, user.id, now)).toBe(0);
    expect(await reserveSecondStep(site.deps.db, user.id, now)).toBe(0);
    // The free guesses are used up: now the wait counts from the last one.
    expect(await reserveSecondStep(site.deps.db, user.id, now)).toBeGreaterThan(0);
  });

  it('uses a pending sign-in once: two right codes racing make exactly one session', async () => {
    const user = await makeUser(site.deps);
    await awayFromStepEdge(8_000);
    const { key, recoveryCodes } = await enrolTotp(await signedIn(site.server, user.email), -1);
    const before = await sessionsOf(user.id);
    const browser = await passwordStep(user.email);
    const twin = await browser.twin(site.server);
    const answers = await Promise.all([secondStep(browser, codeAt(key)), secondStep(twin, recoveryCodes[0]!)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(answers.find((answer) => answer.status === 401)!.message).toBe(STEP_EXPIRED.en);
    expect(await sessionsOf(user.id)).toBe(before + 1);
    // Its cookie, kept by a copy, answers nothing any more.
    const copy = await browser.twin(site.server);
    copy.client.cookies.set('sign_in', twin.client.cookies.get('sign_in') ?? browser.client.cookies.get('sign_in') ?? 'gone');
    expect((await copy.query('auth.pendingSignIn')).data).toBeNull();
  });

  it('lets a pending sign-in lapse: after its minutes the code is refused as expired', async () => {
    const user = await makeUser(site.deps);
    await awayFromStepEdge(8_000);
    const { key } = await enrolTotp(await signedIn(site.server, user.email), -1);
    const browser = await passwordStep(user.email);
    await site.deps.db.transaction((tx) =>
      tx
        .update(pendingSignIns)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(pendingSignIns.userId, user.id)),
    );
    expect((await browser.query('auth.pendingSignIn')).data).toBeNull();
    expect(await secondStep(browser, codeAt(key))).toMatchObject({ status: 401, message: STEP_EXPIRED.en });
    expect(browser.client.cookies.has('session')).toBe(false);
    // Without any pending sign-in at all, the same.
    const stranger = await Browser.open(site.server);
    expect(await secondStep(stranger, codeAt(key))).toMatchObject({ status: 401, message: STEP_EXPIRED.en });
  });

  it('is turned off only with her password, ends her other sessions, and the password alone signs in again', async () => {
    const user = await makeUser(site.deps, { role: 'writer' });
    const browser = await signedIn(site.server, user.email);
    const { recoveryCodes } = await enrolTotp(browser);
    const other = await passwordStep(user.email);
    expect(await secondStep(other, recoveryCodes[0]!)).toMatchObject({ status: 200 });

    const refused = await browser.mutate('account.totpDisable', { currentPassword: 'not her password' });
    expect({ status: refused.status, fieldErrors: refused.error?.fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { currentPassword: ['The current password is incorrect.'] },
    });
    expect((await browser.query('account.security')).data).toMatchObject({ totp: true });

    const off = await browser.mutate('account.totpDisable', { currentPassword: testPassword });
    expect(off).toMatchObject({ status: 200, data: { off: true } });
    expect((await browser.query('account.security')).data).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect(await other.me()).toBeNull();
    expect(await browser.me()).toMatchObject({ id: user.id });
    const [row] = await site.deps.db
      .select({ totp: users.totpSecret, pending: users.totpPendingSecret, has: users.hasSecondFactor })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ totp: null, pending: null, has: 0 });

    const plain = await Browser.open(site.server);
    const login = await plain.login(user.email);
    expect(login.data).toMatchObject({ id: user.id, mustAddSecondFactor: false });
    expect(plain.client.cookies.has('session')).toBe(true);
  });
});

describe(`an administrator’s reset of another account’s second factor on ${testDialect}`, () => {
  it('takes her factors off, ends all her sessions, is in the activity log, and shows no secret to anyone', async () => {
    const admin = await makeUser(site.deps, { name: 'Resetting admin' });
    const writer = await makeUser(site.deps, { role: 'writer' });
    const hers = await signedIn(site.server, writer.email);
    const { key, recoveryCodes } = await enrolTotp(hers);
    const [stored] = await site.deps.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, writer.id));
    expect(stored!.secret).toBe(encodeKey(key));

    const adminBrowser = await signedIn(site.server, admin.email);
    // What an administrator and the account itself can read: never the key, in any spelling, nor a recovery code.
    const answers = JSON.stringify([
      (await adminBrowser.query('users.list', { page: 1, pageSize: 50 })).data,
      (await adminBrowser.query('users.byId', { id: writer.id })).data,
      (await hers.query('account.security')).data,
      (await hers.query('auth.me')).data,
    ]);
    for (const secret of [stored!.secret!, encodeBase32UpperCaseNoPadding(key), ...recoveryCodes]) expect(answers).not.toContain(secret);
    expect(answers).not.toMatch(/totpSecret|totpPending|secret|codeHash|publicKey|secondStepFailures/i);
    expect((await adminBrowser.query('users.byId', { id: writer.id })).data).toMatchObject({ hasSecondFactor: 1 });

    // Not her own: that is her security page's business.
    const own = await adminBrowser.mutate('users.resetSecondFactor', { id: admin.id });
    expect({ status: own.status, message: own.error?.message }).toEqual({ status: 400, message: 'Change your own second factors on your security page.' });
    const missing = await adminBrowser.mutate('users.resetSecondFactor', { id: 999_999 });
    expect(missing.status).toBe(404);

    const from = Date.now();
    const reset = await adminBrowser.mutate('users.resetSecondFactor', { id: writer.id });
    expect(reset).toMatchObject({ status: 200, data: { id: writer.id } });
    expect(JSON.stringify(reset.data)).not.toMatch(/secret|code/i);
    const entries = await site.deps.db
      .select({ action: auditLog.action, userId: auditLog.userId, targetId: auditLog.targetId, at: auditLog.at })
      .from(auditLog)
      .where(eq(auditLog.action, 'users.resetSecondFactor'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: admin.id, targetId: writer.id });
    expect(entries[0]!.at.getTime()).toBeGreaterThanOrEqual(from - 5);

    expect(await hers.me()).toBeNull();
    expect(await sessionsOf(writer.id)).toBe(0);
    expect(await adminBrowser.me()).toMatchObject({ id: admin.id });
    const [after] = await site.deps.db.select({ totp: users.totpSecret, has: users.hasSecondFactor }).from(users).where(eq(users.id, writer.id));
    expect(after).toEqual({ totp: null, has: 0 });

    const plain = await Browser.open(site.server);
    expect((await plain.login(writer.email)).data).toMatchObject({ id: writer.id, mustAddSecondFactor: false });
    // The old recovery codes went with the app.
    expect((await plain.query('account.security')).data).toMatchObject({ totp: false, recoveryCodesLeft: 0, passkeys: [] });
  });
});

describe(`a signed-in call without a body on ${testDialect}`, () => {
  it('answers account.totpStart (which takes no input) sent with no body at all, and logs it', async () => {
    const user = await makeUser(site.deps);
    const browser = await signedIn(site.server, user.email);
    // What a hand-made client sends: POST, JSON content type, nothing in the body.
    const response = await browser.client.fetch('/trpc/account.totpStart', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...browser.client.xsrfHeaders() },
    });
    expect(response.status).toBe(200);
    const entries = await site.deps.db.select({ userId: auditLog.userId }).from(auditLog).where(eq(auditLog.action, 'account.totpStart'));
    expect(entries).toEqual([{ userId: user.id }]);
  });
});
