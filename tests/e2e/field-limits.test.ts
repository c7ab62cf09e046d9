import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, newContext, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

describe('the sign-in and password fields', () => {
  it('keep an over-long e-mail address or password whole and say by how much it is too long (English, 375 px)', async () => {
    const context = await newContext(browser, site, { lang: 'en', viewport: 'phone' });
    const page = await context.newPage();
    await page.goto('/login');
    const email = field(page, 'Email');
    await email.fill(`${'a'.repeat(290)}@example.org`);
    expect((await email.inputValue()).length).toBe(302);
    await page.getByTestId('length-counter').getByText('48 characters too many: at most 254 are allowed.').waitFor();
    await context.close();
  });

  it('count a new password near its limit, in Persian digits (Persian, 1280 px)', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/users/add', { lang: 'fa' });
    const password = page.locator('input[name="password"]');
    await password.fill('p'.repeat(250));
    await page.getByTestId('length-counter').getByText('۶ نویسه باقی مانده').waitFor();
    expect(await password.getAttribute('aria-describedby')).toContain('-counter');
    await password.fill('p'.repeat(260));
    await page.getByTestId('length-counter').getByText('۴ نویسه بیش از حد مجاز؛ حداکثر ۲۵۶ نویسه پذیرفته می‌شود.').waitFor();
    await context.close();
  });
});
