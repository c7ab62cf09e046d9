import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createSession, generateSessionToken, validateSessionToken } from '../../src/server/auth/sessions.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { repoRoot } from '../setup/paths.ts';
import { confirmDialog, expectToast, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

const words = (lang: 'en' | 'fa') => JSON.parse(fs.readFileSync(path.join(repoRoot, `src/client/locales/${lang}/admin.json`), 'utf8')) as { nav: Record<string, string>; account: Record<string, string> };

describe('your account’s sessions', () => {
  it.each(['en', 'fa'] as const)('are listed by browser, this one marked, and another is ended from the page (%s)', async (lang) => {
    const text = words(lang);
    const { context, page, user, problems } = await openAdmin(browser, site, '/admin/home', { lang, role: 'writer' });
    // The same account, signed in on a phone too.
    const phoneToken = generateSessionToken();
    await createSession(site.deps.db, phoneToken, user.id, sessionPolicy(site.deps.env), new Date(), 'Firefox · Android');

    await page.getByTestId('account-link').click();
    await page.waitForURL('**/admin/account');
    const rows = page.getByTestId('account-session');
    await rows.filter({ hasText: 'Firefox · Android' }).waitFor();
    expect(await rows.count()).toBe(2);
    await rows.filter({ hasText: text.account.thisBrowser! }).waitFor();
    await screenshot(page, `admin-account-sessions-${lang}`);

    await rows.filter({ hasText: 'Firefox · Android' }).getByRole('button').click();
    await confirmDialog(page);
    await expectToast(page, text.account.ended!);
    await rows.filter({ hasText: 'Firefox · Android' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    expect(await validateSessionToken(site.deps.db, phoneToken, sessionPolicy(site.deps.env))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});
