import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { count } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.ts';
import { armSetupToken } from '../../src/server/routers/setup.ts';
import { heading, watchProblems } from './support/admin.ts';
import { browserAndSiteForFile, newContext, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

const userCount = async () => (await site.deps.db.select({ value: count() }).from(users).limit(1))[0]?.value ?? 0;

describe('first-run setup', () => {
  it('creates the first administrator only with the printed token, signs them in, and is gone afterwards', async () => {
    const token = await armSetupToken(site.deps);
    expect(token).toBeTruthy();
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto('/setup?token=not-the-token');
    await heading(page).filter({ hasText: 'Set up the site' }).waitFor();
    await page.getByLabel('Your name').fill('Shirin Admin');
    await page.getByLabel('Email').fill('shirin@example.org');
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await page.getByText('This setup link is not valid.', { exact: false }).waitFor();
    expect(await userCount()).toBe(0);

    await page.goto(`/setup?token=${token}`);
    await page.getByLabel('Your name').fill('Shirin Admin');
    await page.getByLabel('Email').fill('shirin@example.org');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await page.getByText('The password must be at least 10 characters long.').waitFor();
    await page.getByLabel('Password').fill('a long enough passphrase');
    await screenshot(page, 'admin-setup-en');
    await page.getByRole('button', { name: 'Create the administrator' }).click();

    await page.waitForURL((url) => url.pathname === '/admin/home');
    await expect.poll(() => page.getByTestId('current-user').first().textContent()).toBe('Shirin Admin');
    expect(await userCount()).toBe(1);

    await page.goto(`/setup?token=${token}`);
    await page.waitForURL((url) => url.pathname !== '/setup');
    // The refused token and the too-short password were answered 403 and 400: console errors by design.
    expect(problems.filter((p) => !/\b(400|403)\b/.test(p))).toEqual([]);
    await context.close();
  });
});
