import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { RECENT_SIGN_IN_MINUTES } from '../../src/server/routers/users.ts';
import { testPassword } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { confirmDialog, expectToast, field, heading, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

/** Logs in over HTTP, as a second person would: true when the password is accepted. */
async function canLogIn(email: string, password: string): Promise<boolean> {
  const client = new CookieClient(site.url);
  await client.fetch('/sanctum/csrf-cookie');
  // A sign-in travels alone, never in a batch, as the site's client sends it.
  const response = await client.fetch('/trpc/auth.login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client.xsrfHeaders() },
    body: JSON.stringify({ json: { email, password } }),
  });
  return response.status === 200;
}

describe('users', () => {
  it('are added with a role (a writer unless chosen), listed with it, really edited (a new name and a new password) and removed; nobody can remove themselves', async () => {
    const { context, page, user: me, problems } = await openAdmin(browser, site, '/admin/users/add');
    await heading(page).filter({ hasText: 'Add user' }).waitFor();
    await field(page, 'Name').fill('Zahra Ahmadi');
    await field(page, 'Email').fill('Zahra@Example.org');
    await field(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByTestId('form-errors').getByText('The password must be at least 10 characters long.').waitFor();
    await field(page, 'Password').fill('a long enough password');
    // A new account starts with the least trust; what each role may do is said under the choice.
    expect(await field(page, 'Role').inputValue()).toBe('writer');
    await page.getByText('Writes drafts and sends them for review').waitFor();
    await field(page, 'Role').selectOption('editor');
    await page.getByText('All content, publishing, stories, messages').waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    await expectToast(page, 'User added successfully');
    expect(await field(page, 'Name').inputValue()).toBe('');

    // The server's refusal of a taken address appears on the form, with what was typed kept.
    await field(page, 'Name').fill('Someone else');
    await field(page, 'Email').fill('zahra@example.org');
    await field(page, 'Password').fill('another long password');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByTestId('form-errors').getByText('A user with this e-mail address already exists.').waitFor();
    await expectToast(page, 'Failed to add user');
    expect(await field(page, 'Name').inputValue()).toBe('Someone else');
    // That refusal was a 400 on purpose; the browser logs it as a console error.
    expect(problems.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);

    await page.getByRole('link', { name: 'Back to users' }).click();
    const row = page.getByTestId('user-row').filter({ hasText: 'Zahra Ahmadi' });
    await row.getByText('zahra@example.org').filter({ visible: true }).waitFor();
    await row.getByText('Editor', { exact: true }).waitFor();
    const myRow = page.getByTestId('user-row').filter({ hasText: me.email });
    await myRow.getByText('You cannot delete yourself').waitFor();
    expect(await myRow.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await screenshot(page, 'admin-users-list');

    await row.getByRole('link', { name: /^Edit/ }).click();
    await heading(page).filter({ hasText: 'Edit user' }).waitFor();
    await field(page, 'Name').fill('Zahra Ahmadi-Karimi');
    await field(page, 'New password').fill('a brand new password');
    const request = page.waitForRequest((r) => r.url().includes('/trpc/users.update'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Account changes travel alone, never batched (they may check a typed password).
    expect((await request).url()).not.toContain('batch=1');
    const sent = JSON.parse((await request).postData() ?? '{}') as { json: Record<string, unknown> };
    expect(Object.keys(sent.json).sort()).toEqual(['id', 'name', 'password']);
    await expectToast(page, 'User updated');
    await page.waitForURL('**/admin/users/all');
    await page.getByTestId('user-row').filter({ hasText: 'Zahra Ahmadi-Karimi' }).waitFor();
    expect(await canLogIn('zahra@example.org', 'a brand new password')).toBe(true);
    expect(await canLogIn('zahra@example.org', 'a long enough password')).toBe(false);

    const edited = page.getByTestId('user-row').filter({ hasText: 'Zahra Ahmadi-Karimi' });
    await edited.getByRole('button', { name: /^Delete/ }).click();
    await confirmDialog(page);
    await expectToast(page, 'User removed successfully');
    await edited.waitFor({ state: 'detached' });
    expect(await page.getByTestId('user-row').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks an editor who signed in a while ago for her own password before adding a user, in her language', async () => {
    const signedInAt = new Date(Date.now() - (RECENT_SIGN_IN_MINUTES + 5) * 60_000);
    for (const [lang, texts] of [
      ['en', { name: 'Name', email: 'Email', password: 'Password', yours: 'Your password', add: 'Add user', added: 'User added successfully', asked: 'enter your own password' }],
      ['fa', { name: 'نام', email: 'ایمیل', password: 'گذرواژه', yours: 'گذرواژهٔ خودتان', add: 'افزودن کاربر', added: 'کاربر با موفقیت افزوده شد', asked: 'گذرواژهٔ خود را وارد کنید' }],
    ] as const) {
      const { context, page } = await openAdmin(browser, site, '/admin/users/add', { lang, signedInAt });
      await field(page, texts.name).waitFor();
      expect(await field(page, texts.yours).count()).toBe(0);
      await field(page, texts.name).fill(`Late colleague ${lang}`);
      await field(page, texts.email).fill(`late.${lang}@example.org`);
      await field(page, texts.password).fill('a long enough password');
      await page.getByRole('button', { name: texts.add }).click();
      await page.getByTestId('form-errors').getByText(texts.asked, { exact: false }).waitFor();
      expect(await canLogIn(`late.${lang}@example.org`, 'a long enough password')).toBe(false);
      // The field stays while she types in it, and what she typed before is kept.
      await field(page, texts.yours).fill(testPassword);
      expect(await field(page, texts.name).inputValue()).toBe(`Late colleague ${lang}`);
      await page.getByRole('button', { name: texts.add }).click();
      await expectToast(page, texts.added);
      expect(await canLogIn(`late.${lang}@example.org`, 'a long enough password')).toBe(true);
      if (lang === 'fa') await screenshot(page, 'admin-user-confirm-fa');
      await context.close();
    }
  });
});
