import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TRPCError } from '@trpc/server';
import { makeContent } from '../factories/index.ts';
import { publicCaller } from '../setup/callers.ts';
import { heading, watchProblems } from './support/admin.ts';
import { browserAndSiteForFile, loginAs, newContext, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

describe('the activity log', () => {
  it('shows changes and failed sign-ins with who and when, in both languages, with nothing to edit', async () => {
    const news = await makeContent(site.deps, 'news', { titleEn: 'Audited headline' });
    await expect(publicCaller(site.deps).auth.login({ email: 'intruder@example.org', password: 'guessing-a-password' })).rejects.toBeInstanceOf(TRPCError);

    const context = await newContext(browser, site);
    const editor = await loginAs(context, site);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/admin/audit');
    await heading(page).filter({ hasText: 'Activity log' }).waitFor();

    const created = page.getByTestId('audit-row').filter({ hasText: 'News · added' });
    await created.waitFor();
    expect(await created.innerText()).toContain(`#${news.id}`);
    expect(await created.innerText()).toContain('Audited headline');
    const failed = page.getByTestId('audit-row').filter({ hasText: 'failed sign-in' });
    expect(await failed.innerText()).toContain('intruder@example.org');
    // Read-only: no edit or delete control anywhere in the table.
    expect(await page.getByTestId('audit-table').getByRole('button').count()).toBe(0);
    await screenshot(page, 'admin-audit-en');

    await page.goto('/admin/audit?lang=fa');
    await page.evaluate(() => localStorage.setItem('lang', 'fa'));
    await page.reload();
    await heading(page).filter({ hasText: 'گزارش فعالیت' }).waitFor();
    await page.getByTestId('audit-row').filter({ hasText: 'اخبار · افزود' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(editor.email).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });
});
