import fs from 'node:fs';
import path from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { refreshSecondFactorFlag, setSecondFactorRequired } from '../../src/server/auth/second-factor-policy.ts';
import { encodeKey, newTotpKey, stepAt, totpCode } from '../../src/server/auth/totp.ts';
import { auditLog, users } from '../../src/server/db/schema.ts';
import { toPersianDigits } from '../../src/shared/search-text.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { confirmDialog, expectToast, openAdmin, watchProblems } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, viewports, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

type Texts = Record<string, Record<string, string>>;
const words = (lang: 'en' | 'fa') =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../../src/client/locales/${lang}/admin.json`), 'utf8')) as Texts;

/**
 * Passkeys belong to a host name, and a browser refuses an IP address as one: these pages are
 * opened at localhost (the site accepts it as its own address when PUBLIC_URL is not set).
 */
async function localhostContext(lang: 'en' | 'fa', viewport: keyof typeof viewports = 'desktop'): Promise<{ context: BrowserContext; base: string }> {
  const base = site.url.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ viewport: viewports[viewport], baseURL: base, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'lang', value: lang, url: base }]);
  await context.addInitScript(`try { localStorage.setItem('lang', '${lang}') } catch {}`);
  return { context, base };
}

async function signInWithPassword(page: Page, text: Texts, email: string) {
  await page.goto('/login');
  await page.getByLabel(text.login!.email!).fill(email);
  await page.getByLabel(text.login!.password!).fill(testPassword);
  await page.getByRole('button', { name: text.login!.submit!, exact: true }).click();
}

/** Latin digits in what the page says, outside the parts marked as English (keys and codes). */
async function latinDigitsIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (roots) =>
    roots.flatMap((root) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('[lang="en"]')) continue;
        if (/[0-9]/.test(node.textContent ?? '')) found.push(node.textContent!.trim());
      }
      return found;
    }),
  );
}

describe('passkeys', () => {
  it('an editor registers one on her security page, signs in with it alone, and removes it', async () => {
    const text = words('en');
    const editor = await makeUser(site.deps, { role: 'editor', name: 'Passkey Editor' });
    const { context } = await localhostContext('en');
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const problems = watchProblems(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInWithPassword(page, text, editor.email);
    await page.waitForURL('**/admin/home');
    await page.goto('/admin/account');
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-form').getByLabel(text.security!.passkeyName!, { exact: true }).fill('Work laptop');
    await page.getByTestId('passkey-form').getByLabel(text.security!.currentPassword!).fill(testPassword);
    await page.getByRole('button', { name: text.security!.passkeyCreate! }).click();
    await expectToast(page, text.security!.passkeyAdded!);
    await page.getByTestId('passkey').filter({ hasText: 'Work laptop' }).waitFor();
    await screenshot(page, 'admin-security-passkey-en');

    // Signed out: the passkey alone signs her in, no password typed.
    await context.clearCookies({ name: 'session' });
    await page.goto('/login');
    await page.getByTestId('passkey-sign-in').click();
    await page.waitForURL('**/admin/home');
    await expect.poll(() => page.getByTestId('current-user').first().textContent()).toBe('Passkey Editor');

    // Her password alone no longer signs her in: the second step offers the passkey.
    await context.clearCookies({ name: 'session' });
    await signInWithPassword(page, text, editor.email);
    await page.waitForURL('**/login/two-factor**');
    await page.getByRole('button', { name: text.secondStep!.usePasskey! }).click();
    await page.waitForURL('**/admin/home');

    await page.goto('/admin/account');
    await page
      .getByTestId('passkey')
      .filter({ hasText: 'Work laptop' })
      .getByRole('button', { name: /Remove/ })
      .click();
    await confirmDialog(page);
    await expectToast(page, text.security!.passkeyRemoved!);
    await page.getByTestId('passkey').waitFor({ state: 'detached' });

    // Without a passkey on the account, the browser's passkey signs nobody in.
    await context.clearCookies({ name: 'session' });
    await page.goto('/login');
    await page.getByTestId('passkey-sign-in').click();
    await page.getByTestId('passkey-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(problems.filter((problem) => !/401|Unauthorized/i.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('an authenticator app', () => {
  it.each([
    ['fa', 'phone'],
    ['en', 'desktop'],
  ] as const)('is set up from the QR page with a code, then asked for at sign-in; a recovery code works once (%s, %s)', async (lang, viewport) => {
    const text = words(lang);
    const writer = await makeUser(site.deps, { role: 'writer' });
    const { context } = await localhostContext(lang, viewport);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const problems = watchProblems(page);

    await signInWithPassword(page, text, writer.email);
    await page.waitForURL('**/admin/home');
    await page.goto('/admin/account');
    await page.getByTestId('totp-start').click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    const key = decodeBase32IgnorePadding(secret);
    await page.getByRole('img', { name: text.security!.qrLabel! }).waitFor();
    await screenshot(page, `admin-security-totp-${lang}-${viewport}`);
    if (lang === 'fa') expect(await latinDigitsIn(page, '[data-testid="totp-section"]')).toEqual([]);

    const now = stepAt(Date.now());
    // Typed as a Persian keyboard types it.
    const first = lang === 'fa' ? toPersianDigits(totpCode(key, now)) : totpCode(key, now);
    await page.getByLabel(text.security!.totpCode!).fill(first);
    await page.getByRole('button', { name: text.security!.totpConfirm! }).click();
    const codes = page.getByTestId('recovery-code');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!;
    await screenshot(page, `admin-security-codes-${lang}-${viewport}`);
    await page.getByRole('button', { name: text.security!.codesDone! }).click();
    await page.getByTestId('recovery-codes-left').waitFor();

    // The password alone stops at the second step; the app's next code (the adjacent step) finishes it.
    await context.clearCookies({ name: 'session' });
    await signInWithPassword(page, text, writer.email);
    await page.waitForURL('**/login/two-factor**');
    await screenshot(page, `admin-second-step-${lang}-${viewport}`);
    if (lang === 'fa') expect(await latinDigitsIn(page, 'main')).toEqual([]);
    // The same code again is refused.
    await page.getByLabel(text.secondStep!.code!).fill(totpCode(key, now));
    await page.getByRole('button', { name: text.secondStep!.submit! }).click();
    await page.getByTestId('second-step-error').waitFor();
    await page.getByLabel(text.secondStep!.code!).fill(totpCode(key, now + 1));
    await page.getByRole('button', { name: text.secondStep!.submit! }).click();
    await page.waitForURL('**/admin/home');

    // A recovery code signs in once.
    await context.clearCookies({ name: 'session' });
    await signInWithPassword(page, text, writer.email);
    await page.waitForURL('**/login/two-factor**');
    await page.getByLabel(text.secondStep!.code!).fill(recovery);
    await page.getByRole('button', { name: text.secondStep!.submit! }).click();
    await page.waitForURL('**/admin/home');
    await context.clearCookies({ name: 'session' });
    await signInWithPassword(page, text, writer.email);
    await page.waitForURL('**/login/two-factor**');
    await page.getByLabel(text.secondStep!.code!).fill(recovery);
    await page.getByRole('button', { name: text.secondStep!.submit! }).click();
    await page.getByTestId('second-step-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/two-factor');
    expect(problems.filter((problem) => !/401|Unauthorized/i.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('a site that requires a second factor', () => {
  it('holds an account without one on its security page until it adds one', async () => {
    const text = words('fa');
    const admin = await makeUser(site.deps, { role: 'admin' });
    const writer = await makeUser(site.deps, { role: 'writer' });
    await setSecondFactorRequired(site.deps.db, true);
    try {
      const { context } = await localhostContext('fa', 'phone');
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await signInWithPassword(page, text, writer.email);
      await page.waitForURL('**/admin/account');
      await page.getByTestId('second-factor-required').waitFor();
      await screenshot(page, 'admin-security-required-fa-phone');
      await page.goto('/admin/news/all');
      await page.waitForURL('**/admin/account');
      await context.close();
      expect(admin.role).toBe('admin');
    } finally {
      await setSecondFactorRequired(site.deps.db, false);
    }
  });
});

describe('an administrator', () => {
  it.each(['en', 'fa'] as const)('requires a second step of everyone and resets a lost one, in her language (%s)', async (lang) => {
    const text = words(lang);
    const { context, page, user: admin, problems } = await openAdmin(browser, site, '/admin/users/all', { lang, role: 'admin' });
    const writer = await makeUser(site.deps, { role: 'writer', name: `Lost Phone ${lang}` });
    for (const id of [admin.id, writer.id]) {
      await site.deps.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: encodeKey(newTotpKey()) })
          .where(eq(users.id, id));
        await refreshSecondFactorFlag(tx, id);
      });
    }
    try {
      await page.reload();
      await page.getByRole('button', { name: text.users!.requireStart! }).click();
      await expectToast(page, text.users!.requireOn!);
      await page.getByText(text.users!.requiredNow!).waitFor();
      await screenshot(page, `admin-users-second-step-${lang}`);

      await page.goto(`/admin/edit/user/${writer.id}`);
      await page.getByRole('button', { name: text.users!.resetFactors! }).click();
      await page.getByTestId('password-dialog').getByLabel(text.security!.currentPassword!).fill(testPassword);
      await page.getByTestId('password-dialog').getByRole('button', { name: text.users!.resetFactors! }).click();
      await expectToast(page, text.users!.resetDone!);
      await page.getByText(text.users!.factorsNone!).waitFor();
      const [after] = await site.deps.db.select({ secret: users.totpSecret, has: users.hasSecondFactor }).from(users).where(eq(users.id, writer.id));
      expect(after).toEqual({ secret: null, has: 0 });
      const logged = await site.deps.db.select().from(auditLog).where(eq(auditLog.action, 'users.resetSecondFactor'));
      expect(logged.some((row) => row.targetId === writer.id && row.userId === admin.id)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await setSecondFactorRequired(site.deps.db, false);
      await context.close();
    }
  });
});
