import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { testPassword } from '../factories/index.ts';
import { expectToast, field, heading, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

const texts = {
  en: {
    title: 'Edit user',
    email: 'Email',
    current: 'Current password',
    save: 'Save changes',
    required: 'Enter your current password to change your e-mail address or password.',
    wrong: 'The current password is incorrect.',
    updated: 'User updated',
  },
  fa: {
    title: 'ویرایش کاربر',
    email: 'ایمیل',
    current: 'گذرواژهٔ کنونی',
    save: 'ذخیره تغییرات',
    required: 'برای تغییر ایمیل یا گذرواژه، گذرواژهٔ کنونی خود را وارد کنید.',
    wrong: 'گذرواژهٔ کنونی نادرست است.',
    updated: 'کاربر به‌روزرسانی شد',
  },
};

describe('editing one’s own account', () => {
  it.each(['en', 'fa'] as const)('asks for the current password to change the e-mail address, and says when it is missing or wrong (%s)', async (lang) => {
    const t = texts[lang];
    const { context, page, user } = await openAdmin(browser, site, '/admin/users/all', { lang });
    try {
      await page.goto(`/admin/edit/user/${user.id}`);
      await heading(page).filter({ hasText: t.title }).waitFor();
      const email = `moved.${lang}.${user.id}@example.org`;
      await field(page, t.email).fill(email);
      await page.getByRole('button', { name: t.save }).click();
      await page.getByTestId('form-errors').getByText(t.required).waitFor();
      await field(page, t.current).fill('not my password at all');
      await page.getByRole('button', { name: t.save }).click();
      await page.getByTestId('form-errors').getByText(t.wrong).waitFor();
      await field(page, t.current).fill(testPassword);
      await page.getByRole('button', { name: t.save }).click();
      await expectToast(page, t.updated);
      expect(await field(page, t.current).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
