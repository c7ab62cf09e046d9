import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../src/server/auth/passkeys.ts';
import { auditLog, passkeys, sessions, users } from '../../src/server/db/schema.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { SoftAuthenticator, type ClientSide } from '../setup/soft-authenticator.ts';
import { testDialect } from '../setup/test-db.ts';
import { Browser, signedIn } from './two-factor-kit.ts';

const PASSKEY_FAILED = {
  en: 'The passkey could not be checked. Try again, or sign in with your password.',
  fa: 'کلید عبور بررسی نشد. دوباره امتحان کنید یا با گذرواژه وارد شوید.',
};

const PUBLIC = 'https://news.example.org';
const ONION = 'http://womensnewsxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.onion';

describe('the relying party a passkey is asked for', () => {
  it('is PUBLIC_URL for its own host and for any other Host a request names', () => {
    const env = { PUBLIC_URL: PUBLIC, ONION_URL: undefined };
    expect(relyingParty(env, 'news.example.org')).toEqual({ id: 'news.example.org', origin: PUBLIC });
    expect(relyingParty(env, 'NEWS.EXAMPLE.ORG')).toEqual({ id: 'news.example.org', origin: PUBLIC });
    for (const host of ['evil.example', 'news.example.org.evil.example', 'localhost:3000', 'localhost', '127.0.0.1:3000', '', null, undefined])
      expect(relyingParty(env, host), String(host)).toEqual({ id: 'news.example.org', origin: PUBLIC });
  });

  it('is ONION_URL when the request came to the onion address, PUBLIC_URL otherwise', () => {
    const env = { PUBLIC_URL: PUBLIC, ONION_URL: ONION };
    const onionHost = new URL(ONION).host;
    expect(relyingParty(env, onionHost)).toEqual({ id: onionHost, origin: ONION });
    expect(relyingParty(env, 'evil.onion')).toEqual({ id: 'news.example.org', origin: PUBLIC });
    // An onion site alone: its address whatever the Host.
    expect(relyingParty({ PUBLIC_URL: undefined, ONION_URL: ONION }, 'evil.example')).toEqual({ id: onionHost, origin: ONION });
  });

  it('is localhost (with the port asked for) only when no PUBLIC_URL is set, and never another name', () => {
    const env = { PUBLIC_URL: undefined, ONION_URL: undefined };
    expect(relyingParty(env, 'localhost:5173')).toEqual({ id: 'localhost', origin: 'http://localhost:5173' });
    expect(relyingParty(env, 'localhost')).toEqual({ id: 'localhost', origin: 'http://localhost' });
    for (const host of ['evil.example', 'localhost.evil.example', 'localhost:99999999', 'evil.example#localhost', '127.0.0.1:5173'])
      expect(relyingParty(env, host), host).toEqual({ id: 'localhost', origin: 'http://localhost' });
  });
});

// The test server has no PUBLIC_URL and is reached at 127.0.0.1: its relying party is localhost.
const SITE: ClientSide = { origin: 'http://localhost' };

const site = siteForEachTest();

/** Adds a passkey from a signed-in browser, as the security page does. */
async function addPasskey(browser: Browser, authenticator: SoftAuthenticator, name = 'My phone', client: ClientSide = SITE) {
  const options = await browser.mutate('account.passkeyOptions', { currentPassword: testPassword });
  expect(options.error).toBeNull();
  expect(options.data).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
  return browser.mutate('account.passkeyAdd', { name, response: authenticator.register(options.data as { challenge: string }, client) });
}

async function passkeySignIn(browser: Browser, authenticator: SoftAuthenticator, client: ClientSide = SITE, counter?: number) {
  const options = await browser.mutate('auth.passkeyOptions');
  expect(options.error).toBeNull();
  expect(options.data).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
  const result = await browser.mutate('auth.passkeySignIn', { response: authenticator.assert(options.data as { challenge: string }, client, counter) });
  return { status: result.status, code: result.error?.code, message: result.error?.message, data: result.data };
}

const sessionCount = async (userId: number) => (await site.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe(`passkeys on ${testDialect}`, () => {
  it('are added only with her password, with a challenge of this browser, end her other sessions and are logged', async () => {
    const user = await makeUser(site.deps, { role: 'writer' });
    const browser = await signedIn(site.server, user.email);
    const other = await signedIn(site.server, user.email);
    const authenticator = new SoftAuthenticator();

    const noPassword = await browser.mutate('account.passkeyOptions', { currentPassword: 'not her password' });
    expect({ status: noPassword.status, fieldErrors: noPassword.error?.fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { currentPassword: ['The current password is incorrect.'] },
    });
    expect(browser.client.cookies.has('passkey')).toBe(false);
    expect((await browser.mutate('account.passkeyOptions', {})).status).toBe(400);

    // A registration answered for a phishing page's origin, or scoped to its name, is refused.
    for (const client of [{ origin: 'https://news-example.evil' }, { origin: SITE.origin, rpId: 'evil.example' }]) {
      const phished = await addPasskey(browser, authenticator, 'Phished', client);
      expect({ status: phished.status, message: phished.error?.message }, JSON.stringify(client)).toEqual({ status: 400, message: PASSKEY_FAILED.en });
    }
    // Without the challenge cookie this browser was given: refused.
    const options = await browser.mutate('account.passkeyOptions', { currentPassword: testPassword });
    const stranger = await signedIn(site.server, user.email);
    const stolen = await stranger.mutate('account.passkeyAdd', {
      name: 'Stolen',
      response: authenticator.register(options.data as { challenge: string }, SITE),
    });
    expect(stolen.error?.message).toBe(PASSKEY_FAILED.en);
    expect(await site.deps.db.select().from(passkeys)).toEqual([]);

    const added = await addPasskey(browser, authenticator);
    expect(added).toMatchObject({ status: 200, data: { id: authenticator.id, name: 'My phone' } });
    const security = (await browser.query('account.security')).data as { passkeys: { id: string; name: string }[] };
    expect(security.passkeys.map(({ id, name }) => ({ id, name }))).toEqual([{ id: authenticator.id, name: 'My phone' }]);
    expect(JSON.stringify(security)).not.toMatch(/publicKey|counter/);
    expect(await other.me()).toBeNull();
    expect(await stranger.me()).toBeNull();
    expect(await browser.me()).toMatchObject({ id: user.id });
    const [flag] = await site.deps.db.select({ has: users.hasSecondFactor }).from(users).where(eq(users.id, user.id));
    expect(flag).toEqual({ has: 1 });
    expect(await site.deps.db.select({ userId: auditLog.userId }).from(auditLog).where(eq(auditLog.action, 'account.passkeyAdd'))).toEqual([
      { userId: user.id },
    ]);
  });

  it('sign in alone, or after the password step, with a fresh session; never for another origin, with a stale counter, or from a registration challenge', async () => {
    const user = await makeUser(site.deps);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(await signedIn(site.server, user.email), authenticator)).status).toBe(200);

    // After the password step, which asks for the passkey.
    const browser = await Browser.open(site.server);
    expect((await browser.login(user.email)).data).toEqual({ status: 'two_factor_required', methods: ['passkey'] });
    const signedInWithKey = await passkeySignIn(browser, authenticator);
    expect(signedInWithKey).toMatchObject({ status: 200, data: { id: user.id, mustAddSecondFactor: false } });
    expect(browser.client.cookies.has('session')).toBe(true);
    expect(browser.client.cookies.has('sign_in')).toBe(false);
    expect(browser.client.cookies.has('passkey')).toBe(false);
    expect((await browser.query('auth.pendingSignIn')).data).toBeNull();

    // Alone: a passkey is two factors in one.
    const alone = await Browser.open(site.server);
    expect(await passkeySignIn(alone, authenticator)).toMatchObject({ status: 200, data: { id: user.id } });

    // A phishing page's origin, or a key scoped to its name: refused, no session.
    for (const client of [{ origin: 'https://news-example.evil' }, { origin: SITE.origin, rpId: 'evil.example' }]) {
      const phished = await Browser.open(site.server);
      expect(await passkeySignIn(phished, authenticator, client), JSON.stringify(client)).toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
        message: PASSKEY_FAILED.en,
      });
      expect(phished.client.cookies.has('session')).toBe(false);
    }

    // A counter that went back (a cloned key): refused.
    const cloned = await Browser.open(site.server);
    expect(await passkeySignIn(cloned, authenticator, SITE, 1)).toMatchObject({ status: 401, message: PASSKEY_FAILED.en });

    // The challenge of a registration (another purpose) does not sign in.
    const mixed = await signedIn(site.server, (await makeUser(site.deps)).email);
    const registration = await mixed.mutate('account.passkeyOptions', { currentPassword: testPassword });
    const answer = authenticator.assert(registration.data as { challenge: string }, SITE);
    const misused = await mixed.mutate('auth.passkeySignIn', { response: answer });
    expect(misused.error?.message).toBe(PASSKEY_FAILED.en);
  });

  it('sign in once per answer: a captured answer sent again with its cookie, even by a key whose counter stays 0, is refused', async () => {
    const user = await makeUser(site.deps);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(await signedIn(site.server, user.email), authenticator)).status).toBe(200);
    const before = await sessionCount(user.id);

    // Synced passkeys report 0 every time, so the counter cannot tell a replay.
    const victim = await Browser.open(site.server);
    const options = (await victim.mutate('auth.passkeyOptions')).data as { challenge: string };
    const cookie = victim.client.cookies.get('passkey')!;
    const answer = authenticator.assert(options, SITE, 0);
    expect((await victim.mutate('auth.passkeySignIn', { response: answer })).status).toBe(200);
    const thief = await Browser.open(site.server);
    thief.client.cookies.set('passkey', cookie);
    const replayed = await thief.mutate('auth.passkeySignIn', { response: answer });
    expect({ status: replayed.status, message: replayed.error?.message }).toEqual({ status: 401, message: PASSKEY_FAILED.en });
    expect(thief.client.cookies.has('session')).toBe(false);

    // The same answer sent twice at once: one session.
    const racer = await Browser.open(site.server);
    const raced = (await racer.mutate('auth.passkeyOptions')).data as { challenge: string };
    const twin = await Browser.open(site.server);
    twin.client.cookies.set('passkey', racer.client.cookies.get('passkey')!);
    const second = authenticator.assert(raced, SITE, 0);
    const statuses = await Promise.all([racer, twin].map(async (browser) => (await browser.mutate('auth.passkeySignIn', { response: second })).status));
    expect(statuses.sort()).toEqual([200, 401]);
    expect(await sessionCount(user.id)).toBe(before + 2);
  });

  it('answer a forged, absent or tampered challenge cookie, or a garbage answer, with UNAUTHORIZED and no session, in her language', async () => {
    const user = await makeUser(site.deps);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(await signedIn(site.server, user.email), authenticator)).status).toBe(200);
    const before = await sessionCount(user.id);

    const check = async (browser: Browser, response: unknown, lang: 'en' | 'fa' = 'en') => {
      const result = await browser.mutate('auth.passkeySignIn', { response }, { 'x-lang': lang });
      expect({ status: result.status, code: result.error?.code, message: result.error?.message }).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        message: PASSKEY_FAILED[lang],
      });
      expect(browser.client.cookies.has('session')).toBe(false);
    };

    // No challenge cookie at all.
    const absent = await Browser.open(site.server);
    await check(absent, authenticator.assert({ challenge: 'bm90LWdpdmVu' }, SITE));

    // A cookie of the browser's own making: any challenge, a made-up signature.
    const forged = await Browser.open(site.server);
    forged.client.cookies.set('passkey', `bWFkZS11cA.sign-in..${Date.now() + 60_000}.${'A'.repeat(43)}`);
    await check(forged, authenticator.assert({ challenge: 'bWFkZS11cA' }, SITE), 'fa');

    // A real cookie with its challenge swapped (the signature no longer matches), or its expiry moved.
    const tampered = await Browser.open(site.server);
    const options = (await tampered.mutate('auth.passkeyOptions')).data as { challenge: string };
    const sealed = tampered.client.cookies.get('passkey')!;
    const parts = sealed.split('.');
    tampered.client.cookies.set('passkey', ['c3dhcHBlZA', ...parts.slice(1)].join('.'));
    await check(tampered, authenticator.assert({ challenge: 'c3dhcHBlZA' }, SITE));
    tampered.client.cookies.set('passkey', [...parts.slice(0, 3), String(Date.now() + 86_400_000), parts[4]].join('.'));
    await check(tampered, authenticator.assert(options, SITE));

    // Garbage in the shape's bounds.
    const garbage = await Browser.open(site.server);
    await garbage.mutate('auth.passkeyOptions');
    await check(garbage, {
      id: authenticator.id,
      rawId: authenticator.id,
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
    });
    await check(garbage, { id: 'bm8ta2V5', rawId: 'bm8ta2V5', type: 'public-key', response: {} });
    // Out of the shape's bounds: a plain validation refusal.
    expect((await garbage.mutate('auth.passkeySignIn', { response: { id: 'x'.repeat(5000), rawId: 'x', type: 'public-key' } })).status).toBe(400);
    expect((await garbage.mutate('auth.passkeySignIn', { response: 'not an object' })).status).toBe(400);

    expect(await sessionCount(user.id)).toBe(before);
  });

  it('are renamed and removed by their owner only; the last one removed leaves a plain password sign-in', async () => {
    const user = await makeUser(site.deps);
    const intruder = await signedIn(site.server, (await makeUser(site.deps, { role: 'editor' })).email);
    const browser = await signedIn(site.server, user.email);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(browser, authenticator)).status).toBe(200);

    for (const [path, input] of [
      ['account.passkeyRename', { id: authenticator.id, name: 'Mine now' }],
      ['account.passkeyRemove', { id: authenticator.id }],
    ] as const) {
      const refused = await intruder.mutate(path, input);
      expect({ status: refused.status, message: refused.error?.message }, path).toEqual({ status: 404, message: 'That passkey is no longer on this account.' });
    }
    expect(await browser.mutate('account.passkeyRename', { id: authenticator.id, name: 'Work laptop' })).toMatchObject({
      status: 200,
      data: { name: 'Work laptop' },
    });
    expect(((await browser.query('account.security')).data as { passkeys: { name: string }[] }).passkeys.map((key) => key.name)).toEqual(['Work laptop']);

    const other = await Browser.open(site.server);
    expect(await passkeySignIn(other, authenticator)).toMatchObject({ status: 200 });
    expect(await browser.mutate('account.passkeyRemove', { id: authenticator.id })).toMatchObject({ status: 200 });
    expect(await other.me()).toBeNull();
    expect(await browser.me()).toMatchObject({ id: user.id });
    expect(await passkeySignIn(await Browser.open(site.server), authenticator)).toMatchObject({ status: 401 });
    const plain = await Browser.open(site.server);
    expect((await plain.login(user.email)).data).toMatchObject({ id: user.id, mustAddSecondFactor: false });
  });
});
