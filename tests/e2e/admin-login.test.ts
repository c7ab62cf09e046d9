import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { expectToast, field, heading, openAdmin, watchProblems } from './support/admin.ts';
import { browserAndSiteForFile, newContext, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

describe('the admin login and guard', () => {
  it('sends a signed-out editor to the login page and, after logging in, back to the page they asked for', async () => {
    const editor = await makeUser(site.deps, { name: 'Maryam Editor' });
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto('/admin/news/add?from=bookmark');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/news/add?from=bookmark');
    await heading(page).filter({ hasText: 'Admin Login' }).waitFor();
    await screenshot(page, 'admin-login-en');

    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL((url) => url.pathname === '/admin/news/add' && url.search === '?from=bookmark');
    await heading(page).filter({ hasText: 'Add news' }).waitFor();
    await expect.poll(() => page.getByTestId('current-user').first().textContent()).toBe('Maryam Editor');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the server's message when the password is wrong, and keeps what was typed", async () => {
    const editor = await makeUser(site.deps);
    const context = await newContext(browser, site);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('This field is required.').first().waitFor();

    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('The e-mail address or password is incorrect.');
    expect(await page.getByLabel('Email').inputValue()).toBe(editor.email);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'admin-login-failure');
    await context.close();
  });

  it('logs out with a toast and lands on the login page; the panel then asks to log in again', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/home');
    await heading(page).filter({ hasText: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expectToast(page, 'Logged out successfully');
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');

    await page.goto('/admin/users/all');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/users/all');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs out on every device after a confirmation', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/home');
    const other = await context.browser()!.newContext({ baseURL: site.url });
    await other.addCookies(await context.cookies());
    const otherPage = await other.newPage();
    await otherPage.goto('/admin/home');
    await heading(otherPage).filter({ hasText: 'Dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(page, 'Signed out on every device');
    await page.waitForURL((url) => url.pathname === '/login');

    await otherPage.goto('/admin/home');
    await otherPage.waitForURL((url) => url.pathname === '/login');
    await other.close();
    await context.close();
  });

  it('keeps what the editor was typing when the session ends, and brings them back to it after logging in again', async () => {
    const editor = await makeUser(site.deps);
    const context = await newContext(browser, site);
    const page = await context.newPage();
    await page.goto('/login?next=/admin/gallery/add');
    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await heading(page).filter({ hasText: 'Add gallery item' }).waitFor();
    await field(page, 'Name (English)').fill('Portraits of women judges, 1979');
    await field(page, 'Video link (YouTube)').fill('https://youtu.be/dQw4w9WgXcQ');

    // The session ends on the server (expired, or ended from another device).
    await site.deps.db.transaction((tx) => tx.delete(sessions).where(eq(sessions.userId, editor.id)));
    await page.getByRole('button', { name: 'Add to gallery' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === '1');
    await page.getByText('Your session has ended.', { exact: false }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/gallery/add');

    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await heading(page).filter({ hasText: 'Add gallery item' }).waitFor();
    await page.getByText('Your unsaved text from last time has been restored.').waitFor();
    expect(await field(page, 'Name (English)').inputValue()).toBe('Portraits of women judges, 1979');
    expect(await field(page, 'Video link (YouTube)').inputValue()).toBe('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add to gallery' }).click();
    await expectToast(page, 'Gallery item added successfully');
    await context.close();
  });

  it('never makes a visitor of the public site download the admin code', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.goto('/latestnews');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /admin/i.test(script))).toEqual([]);

    await page.goto('/login');
    await heading(page).filter({ hasText: 'Admin Login' }).waitFor();
    expect(scripts.filter((script) => /admin-app-/.test(script))).toHaveLength(1);
    await context.close();
  });
});
