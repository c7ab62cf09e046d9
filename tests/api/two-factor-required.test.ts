import { describe, expect, it } from 'vitest';
import { setSecondFactorRequired } from '../../src/server/auth/second-factor-policy.ts';
import type { Role } from '../../src/shared/schemas/users.ts';
import { makeUser } from '../factories/index.ts';
import { makeStoryWithImage } from '../factories/admin-content.ts';
import { editorCaller } from '../factories/public-content.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { testDialect } from '../setup/test-db.ts';
import { trpcCall } from '../setup/trpc-http.ts';
import { imageBlob } from './rest-kit.ts';
import { Browser, enrolTotp, signedIn } from './two-factor-kit.ts';

const REQUIRED = {
  en: 'This site asks every account for a second step at sign-in. Add a passkey or an authenticator app on your security page first.',
  fa: 'این سایت از همهٔ حساب‌ها مرحلهٔ دوم ورود را می‌خواهد. نخست در صفحهٔ امنیت حساب یک کلید عبور یا برنامهٔ احراز هویت بیفزایید.',
};

/** What an account without a second factor may still do while one is required: its own security page, and signing out everywhere. */
const setupProcedures = [
  'account.sessions',
  'account.endSession',
  'account.security',
  'account.totpStart',
  'account.totpConfirm',
  'account.recoveryCodesRenew',
  'account.totpDisable',
  'account.passkeyOptions',
  'account.passkeyAdd',
  'account.passkeyRename',
  'account.passkeyRemove',
  'auth.logoutEverywhere',
].sort();

const guarded = allProcedures.filter((procedure) => procedure.guarded);

const site = siteForEachTest();

describe(`requiring a second factor of every account on ${testDialect}`, () => {
  it('is refused to an administrator without one of her own, and turned on (and off) by one with a factor', async () => {
    const admin = await makeUser(site.deps);
    const browser = await signedIn(site.server, admin.email);
    const refused = await browser.mutate('users.requireSecondFactor', { required: true });
    expect({ status: refused.status, message: refused.error?.message }).toEqual({
      status: 400,
      message: 'Add a passkey or an authenticator app to your own account first; then you can require one of everyone.',
    });
    expect((await browser.query('users.secondFactorPolicy')).data).toEqual({ required: false });

    await enrolTotp(browser);
    expect(await browser.mutate('users.requireSecondFactor', { required: true })).toMatchObject({ status: 200, data: { required: true } });
    expect((await browser.query('users.secondFactorPolicy')).data).toEqual({ required: true });
    expect((await browser.query('account.security')).data).toMatchObject({ totp: true, required: true });
    // She has a factor: nothing is held back from her.
    expect((await browser.query('dashboard.counts')).status).toBe(200);
    expect(await browser.mutate('users.requireSecondFactor', { required: false })).toMatchObject({ status: 200, data: { required: false } });
    expect((await browser.query('users.secondFactorPolicy')).data).toEqual({ required: false });
  });

  it('declares exactly the security page’s procedures (and signing out everywhere) open to an account that must add one', () => {
    expect(
      guarded
        .filter((procedure) => procedure.meta?.secondFactorSetup)
        .map((procedure) => procedure.path)
        .sort(),
    ).toEqual(setupProcedures);
  });

  it.each(['admin', 'editor', 'writer'] as const)(
    'answers a signed-in %s without a factor FORBIDDEN on every other signed-in procedure, changing nothing',
    async (role: Role) => {
      await setSecondFactorRequired(site.deps.db, true);
      const user = await makeUser(site.deps, { role });
      const browser = await signedIn(site.server, user.email);
      const lang = role === 'writer' ? 'fa' : 'en';
      const before = await snapshot(site.deps, { except: ['sessions'] });
      for (const { path, type } of guarded.filter((procedure) => !setupProcedures.includes(procedure.path))) {
        const result = await trpcCall(browser.client, type, path, {}, { ...browser.client.xsrfHeaders(), 'x-lang': lang });
        expect({ status: result.status, code: result.error?.code, message: result.error?.message }, path).toEqual({
          status: 403,
          code: 'FORBIDDEN',
          message: REQUIRED[lang],
        });
      }
      expect(await snapshot(site.deps, { except: ['sessions'] })).toEqual(before);
      // The security page answers her (logoutEverywhere aside: it would end the session this test uses).
      for (const { path, type } of guarded.filter((procedure) => setupProcedures.includes(procedure.path) && procedure.path !== 'auth.logoutEverywhere')) {
        const result = await trpcCall(browser.client, type, path, {}, browser.client.xsrfHeaders());
        expect(result.error?.message, path).not.toBe(REQUIRED.en);
        expect(result.status, path).not.toBe(401);
      }
      expect((await browser.mutate('auth.logoutEverywhere')).status).toBe(200);
      expect(await browser.me()).toBeNull();
    },
  );

  it('lets a writer without a factor sign in, tells her she must add one, holds back her work until she has, over tRPC and REST', async () => {
    await setSecondFactorRequired(site.deps.db, true);
    const writer = await makeUser(site.deps, { role: 'writer' });
    const browser = await Browser.open(site.server);
    const login = await browser.login(writer.email);
    expect(login.data).toEqual({ id: writer.id, name: writer.name, email: writer.email, role: 'writer', mustAddSecondFactor: true });
    expect(browser.client.cookies.has('session')).toBe(true);
    expect(await browser.me()).toEqual({ id: writer.id, name: writer.name, email: writer.email, role: 'writer', mustAddSecondFactor: true });

    for (const [path, input] of [
      ['dashboard.counts', undefined],
      ['news.adminList', { page: 1 }],
    ] as const) {
      for (const lang of ['en', 'fa'] as const) {
        const result = await browser.query(path, input, { 'x-lang': lang });
        expect({ status: result.status, code: result.error?.code, message: result.error?.message }, path).toEqual({
          status: 403,
          code: 'FORBIDDEN',
          message: REQUIRED[lang],
        });
      }
    }
    const rest = await browser.client.fetch('/api/admin/dashboard', { headers: { accept: 'application/json', 'x-lang': 'fa' } });
    expect({ status: rest.status, body: await rest.json() }).toEqual({ status: 403, body: { success: false, message: REQUIRED.fa } });
    // The original API's "who am I" answers her (it is what a client shows the prompt from).
    expect((await browser.client.fetch('/api/admin/user', { headers: { accept: 'application/json' } })).status).toBe(200);

    expect((await browser.query('account.security')).data).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: [], required: true });
    await enrolTotp(browser);

    // The same session now works.
    expect(await browser.me()).toMatchObject({ id: writer.id, mustAddSecondFactor: false });
    expect((await browser.query('dashboard.counts')).status).toBe(200);
    expect((await browser.query('news.adminList', { page: 1 })).status).toBe(200);
    expect((await browser.client.fetch('/api/admin/dashboard', { headers: { accept: 'application/json' } })).status).toBe(200);
  });

  it('treats an editor who must add a factor as a visitor for private files, and lets her sign out', async () => {
    const id = await makeStoryWithImage(site.deps);
    const story = await (await editorCaller(site.deps)).stories.byId({ id });
    const editor = await makeUser(site.deps, { role: 'editor' });
    const browser = await signedIn(site.server, editor.email);
    const file = `/media/private/${story.media!}`;
    const fetchStatus = async () => {
      const response = await browser.client.fetch(file);
      await response.arrayBuffer();
      return response.status;
    };
    expect(await fetchStatus()).toBe(200);

    await setSecondFactorRequired(site.deps.db, true);
    expect(await fetchStatus()).toBe(404);
    // A REST write with a file, refused before anything is stored.
    const form = new FormData();
    for (const [name, value] of Object.entries({ title_En: 'Held back', title_fa: 'نگه‌داشته', description_En: 'Text', description_fa: 'متن' }))
      form.append(name, value);
    form.append('image', await imageBlob('png'), 'image.png');
    const before = await snapshot(site.deps, { except: ['sessions'] });
    const upload = await browser.client.fetch('/api/admin/news', {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...browser.client.xsrfHeaders() },
    });
    expect([401, 403]).toContain(upload.status);
    expect(await snapshot(site.deps, { except: ['sessions'] })).toEqual(before);

    await setSecondFactorRequired(site.deps.db, false);
    expect(await fetchStatus()).toBe(200);
    await setSecondFactorRequired(site.deps.db, true);
    expect((await browser.mutate('auth.logout')).status).toBe(200);
    expect(browser.client.cookies.has('session')).toBe(false);
    expect(await browser.me()).toBeNull();
  });
});
