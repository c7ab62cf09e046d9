import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { writeIllustration } from '../factories/admin-content.ts';
import { makeContactWithImage } from '../factories/admin-content.ts';
import { chooseFile, confirmDialog, expectToast, field, heading, openAdmin, publicQuery } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

const persianDate = /^[۰-۹]{1,2} [\u0600-\u06FF]+ ۱۴[۰-۹]{2}$/;

describe('the admin panel in Persian', () => {
  it('runs right to left with Solar Hijri dates and Persian digits, through a whole news journey', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/home', { lang: 'fa' });
    await heading(page).filter({ hasText: 'پیشخوان' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('fa');
    const sidebar = await page.locator('aside').boundingBox();
    expect(sidebar!.x).toBeGreaterThan(900);
    await expect.poll(() => page.getByTestId('count-news').getByTestId('count-value').textContent()).toBe('۰');
    await screenshot(page, 'admin-dashboard-fa');

    await page.getByRole('link', { name: 'افزودن خبر' }).first().click();
    await heading(page).filter({ hasText: 'افزودن خبر' }).waitFor();
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'انتشار خبر' }).click();
    await page.getByTestId('form-errors').getByText('برای این مطلب عنوانی به فارسی یا انگلیسی بنویسید.').first().waitFor();

    await field(page, 'عنوان (انگلیسی)').fill('Girls return to a secret school in Herat');
    await field(page, 'عنوان (فارسی)').fill('بازگشت دختران به مدرسه‌ای پنهانی در هرات برای ادامه تحصیل');
    await field(page, 'متن (انگلیسی)').fill('Forty girls meet every morning in a private home.');
    await field(page, 'متن (فارسی)').fill('چهل دختر هر صبح در خانه‌ای شخصی گرد هم می‌آیند تا درس بخوانند.');
    expect(await field(page, 'متن (فارسی)').getAttribute('dir')).toBe('rtl');
    expect(await field(page, 'متن (انگلیسی)').getAttribute('dir')).toBe('ltr');
    await field(page, 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (انگلیسی)').fill('Girls at desks in a living room');
    await field(page, 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (فارسی)').fill('دختران پشت میز در یک اتاق نشیمن');
    expect(await field(page, 'عنوان (فارسی)').getAttribute('dir')).toBe('rtl');
    expect(await field(page, 'عنوان (انگلیسی)').getAttribute('dir')).toBe('ltr');
    await chooseFile(page, 'تصویر', await writeIllustration(site.deps));
    await screenshot(page, 'admin-news-add-fa');
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'انتشار خبر' }).click();
    await expectToast(page, 'خبر با موفقیت افزوده شد');

    await page.getByRole('link', { name: 'بازگشت به همه اخبار' }).click();
    const card = page.getByTestId('admin-card').filter({ hasText: 'بازگشت دختران به مدرسه' });
    await card.waitFor();
    expect(await card.locator('p').last().textContent()).toMatch(persianDate);
    await page.getByText('۱ مورد').waitFor();
    await screenshot(page, 'admin-news-list-fa');

    await card.getByRole('link', { name: /^ویرایش/ }).click();
    await field(page, 'عنوان (فارسی)').fill('بازگشت دختران به مدرسه‌ای پنهانی در هرات');
    await page.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await expectToast(page, 'خبر به‌روزرسانی شد');
    await page.waitForURL('**/admin/news/all');
    const list = await publicQuery<{ items: { id: number; titleFa: string; titleEn: string }[] }>(site, 'news.list', { page: 1 });
    expect(list.ok && list.data.items[0]).toMatchObject({
      titleFa: 'بازگشت دختران به مدرسه‌ای پنهانی در هرات',
      titleEn: 'Girls return to a secret school in Herat',
    });

    await card.getByRole('button', { name: /^حذف/ }).click();
    await page.getByTestId('confirm-dialog').getByText('این خبر حذف شود؟').waitFor();
    await confirmDialog(page);
    await expectToast(page, 'خبر با موفقیت حذف شد');
    await page.getByTestId('empty-state').waitFor();

    // The editor can switch to English at any moment, without leaving the page.
    await page.getByRole('button', { name: 'En: تغییر زبان به انگلیسی' }).click();
    await heading(page).filter({ hasText: 'All news' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a contact message with the day it came in the Solar Hijri calendar (no time), and the drawer from the right on a phone', async () => {
    await makeContactWithImage(site.deps, { name: 'نرگس محمدی', message: 'سلام، می‌خواهم درباره حقوق کار زنان بیشتر بدانم.' });
    const { context, page, problems } = await openAdmin(browser, site, '/admin/contacts', { lang: 'fa', viewport: 'phone' });
    await page
      .getByTestId('contact-row')
      .filter({ hasText: 'نرگس محمدی' })
      .getByRole('button', { name: /^باز کردن/ })
      .click();
    const dialog = page.getByTestId('contact-dialog');
    await dialog.getByText('پیام از نرگس محمدی').waitFor();
    expect(await dialog.getByTestId('contact-date').textContent()).toMatch(/^[۰-۹]{1,2} [\u0600-\u06FF]+ ۱۴[۰-۹]{2}$/);
    await screenshot(page, 'admin-contact-dialog-fa-phone');
    await dialog.getByRole('button', { name: 'بستن' }).first().click();

    await page.getByRole('button', { name: 'باز کردن منو' }).click();
    const drawer = page.getByTestId('admin-drawer');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(370);
    await screenshot(page, 'admin-drawer-fa-phone');
    expect(problems).toEqual([]);
    await context.close();
  });
});
