import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { posts, uploads } from '../../src/server/db/schema.ts';
import { makeIllustrationUpload } from '../factories/admin-content.ts';
import { makeUser, systemCaller } from '../factories/index.ts';
import { confirmDialog, expectToast, field, heading, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, matchesOf, screenshot, startSite, type Site } from './support/site.ts';
import { folderOf } from '../setup/stored.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

/** Screenshots of the library for a person to look at, beside the ones every journey leaves in screenshots/. */
const SHOTS = process.env.LIBRARY_SHOTS_DIR;
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (!SHOTS || process.env.CI) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Pictures already in the library, as earlier items left them: one item on the river (published),
 * one on the market whose item was deleted (in the library, used by nothing).
 */
async function seedLibrary() {
  const editor = systemCaller(site.deps, await makeUser(site.deps, { name: 'Seeding editor' }));
  const river = await makeIllustrationUpload(site.deps);
  await editor.news.create({
    titleEn: 'Women of the river',
    titleFa: 'زنان رود',
    descriptionEn: 'Words.',
    descriptionFa: 'واژه‌ها.',
    coverAltEn: 'Women by the Kabul River',
    coverAltFa: 'زنان کنار رود کابل',
    imageUploadId: river.id,
  });
  const market = await makeIllustrationUpload(site.deps);
  const gone = await editor.news.create({
    titleEn: 'Market day',
    titleFa: 'روز بازار',
    descriptionEn: 'Words.',
    descriptionFa: 'واژه‌ها.',
    coverAltEn: 'A market in Herat',
    coverAltFa: 'بازاری در هرات',
    imageUploadId: market.id,
  });
  await editor.news.delete({ id: gone.id });
  return { river, market };
}

const persian = {
  choose: 'انتخاب از کتابخانه',
  search: 'جست‌وجو در تصویرها',
  searchButton: 'جست‌وجو',
  altEn: 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (انگلیسی)',
  altFa: 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (فارسی)',
  pictureAlt: 'توصیف برای خوانندگانی که آن را نمی‌بینند',
  fromLibrary: 'تصویر از کتابخانه',
  insert: 'افزودن',
};

describe('the picture library', () => {
  it.each(['phone', 'desktop'] as const)(
    'gives a Persian news item its cover and a body picture from the library, searched by description (%s)',
    async (viewport) => {
      const { river, market } = await seedLibrary();
      const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'fa', viewport });
      // Searched words never travel in an address.
      const addresses: string[] = [];
      page.on('request', (request) => addresses.push(decodeURIComponent(request.url())));
      await heading(page).filter({ hasText: 'افزودن خبر' }).waitFor();
      await field(page, 'عنوان (انگلیسی)').fill('Women return to the riverbank market');
      const titleFa = `بازگشت زنان به بازار کنار رود ${viewport === 'phone' ? 'در تلفن' : 'در رایانه'}`;
      await field(page, 'عنوان (فارسی)').fill(titleFa);
      await field(page, 'متن (انگلیسی)').fill('Traders came back this week.');
      await field(page, 'متن (فارسی)').fill('فروشندگان این هفته بازگشتند.');

      // The cover, chosen from the library and found by its Persian description.
      await page.getByRole('button', { name: persian.choose }).click();
      const dialog = page.getByTestId('library-dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.getByTestId('library-choice').count()).toBeGreaterThanOrEqual(2);
      await dialog.getByLabel(persian.search).fill('رود کابل');
      await dialog.getByRole('button', { name: persian.searchButton, exact: true }).click();
      // Only pictures so described are left (earlier journeys of this file left some too), the newest first.
      const choice = dialog.locator(`[data-testid="library-choice"][data-upload-id="${river.id}"]`);
      await expect.poll(() => dialog.getByTestId('library-choice').filter({ hasNotText: 'رود کابل' }).count()).toBe(0);
      await choice.getByText('زنان کنار رود کابل').waitFor();
      expect(await dialog.getByTestId('library-choice').first().getAttribute('data-upload-id')).toBe(river.id);
      await choice.locator('img').evaluate((image: HTMLImageElement) => image.decode());
      await shot(page, `library-dialog-fa-${viewport}`);
      await choice.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('library-chosen').waitFor();
      await page.getByTestId('library-chosen').scrollIntoViewIfNeeded();
      await page
        .getByTestId('library-chosen')
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.decode());
      await shot(page, `library-chosen-fa-${viewport}`);
      // Its last descriptions start the cover's words, which stay this item's own.
      expect(await field(page, persian.altFa).inputValue()).toBe('زنان کنار رود کابل');
      expect(await field(page, persian.altEn).inputValue()).toBe('Women by the Kabul River');
      await field(page, persian.altFa).fill('زنان در بازار کنار رود کابل');

      // A body picture from the library, described for this text.
      const toolbar = page.getByRole('toolbar', { name: /متن \(فارسی\)$/ });
      await toolbar.getByRole('button', { name: persian.fromLibrary, exact: true }).click();
      await dialog.waitFor();
      await dialog.getByLabel(persian.search).fill('هرات');
      await dialog.getByRole('button', { name: persian.searchButton, exact: true }).click();
      await dialog.locator(`[data-testid="library-choice"][data-upload-id="${market.id}"]`).click();
      const pictureDialog = page.getByTestId('editor-picture-dialog');
      await pictureDialog.waitFor();
      expect(await pictureDialog.getByLabel(new RegExp(`^${persian.pictureAlt}`)).inputValue()).toBe('بازاری در هرات');
      await pictureDialog.getByRole('button', { name: persian.insert, exact: true }).click();
      await pictureDialog.waitFor({ state: 'hidden' });
      await field(page, 'متن (فارسی)').locator('img[alt="بازاری در هرات"]').waitFor();

      await page.getByTestId('status-published').check();
      await page.getByRole('button', { name: 'انتشار خبر' }).click();
      await expectToast(page, 'خبر با موفقیت افزوده شد');

      // Searching the library never submitted the item's form (React passes a dialog's submit up through its portal).
      const saves = await site.deps.db.select({ bodyFa: posts.bodyFa }).from(posts).where(eq(posts.titleFa, titleFa));
      expect(saves).toHaveLength(1);
      const [saved] = await site.deps.db
        .select({ image: posts.image, bodyFa: posts.bodyFa, coverAltFa: posts.coverAltFa })
        .from(posts)
        .where(eq(posts.titleFa, titleFa));
      expect(saved).toMatchObject({ image: river.path, coverAltFa: 'زنان در بازار کنار رود کابل' });
      expect(JSON.parse(saved!.bodyFa!)).toMatchObject({
        content: expect.arrayContaining([{ type: 'image', attrs: { src: market.path, alt: 'بازاری در هرات', caption: null } }]),
      });
      expect(addresses.filter((address) => address.includes('رود کابل') || address.includes('هرات'))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['fa', 'phone'],
    ['fa', 'desktop'],
    ['en', 'phone'],
    ['en', 'desktop'],
  ] as const)('lists the library with what is in use, and deletes an unused picture after asking (%s, %s)', async (lang, viewport) => {
    const { river, market } = await seedLibrary();
    const { context, page, problems } = await openAdmin(browser, site, '/admin/library', { lang, viewport });
    const texts =
      lang === 'fa'
        ? { title: 'کتابخانهٔ تصویر', inUse: 'در حال استفاده', unused: 'بدون استفاده', confirm: 'این تصویر برای همیشه حذف شود؟', removed: 'تصویر حذف شد' }
        : { title: 'Picture library', inUse: 'In use', unused: 'Not used', confirm: 'Delete this picture for good?', removed: 'Picture deleted' };
    await heading(page).filter({ hasText: texts.title }).waitFor();
    const card = (id: string) => page.locator(`[data-testid="library-picture"][data-upload-id="${id}"]`);
    await card(river.id).getByText(texts.inUse).waitFor();
    await card(market.id).getByText(texts.unused).waitFor();
    // A picture in use has no delete button.
    expect(await card(river.id).getByRole('button').count()).toBe(0);
    await Promise.all([card(river.id), card(market.id)].map((picture) => picture.locator('img').evaluate((image: HTMLImageElement) => image.decode())));
    await shot(page, `library-page-${lang}-${viewport}`);

    await card(market.id).getByRole('button').click();
    await page.getByTestId('confirm-dialog').getByText(texts.confirm).waitFor();
    await shot(page, `library-confirm-${lang}-${viewport}`);
    await confirmDialog(page);
    await expectToast(page, texts.removed);
    await card(market.id).waitFor({ state: 'detached' });
    expect(await site.deps.db.select().from(uploads).where(eq(uploads.id, market.id))).toEqual([]);
    expect(folderOf(site.deps.storage).existing(market.path, 'private')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks English to an English editor, from a cover field at 1280 and 375 pixels', async () => {
    await seedLibrary();
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'en', viewport });
      await page.getByRole('button', { name: 'Choose from library' }).click();
      const dialog = page.getByTestId('library-dialog');
      await dialog.getByRole('heading', { name: 'Choose a picture from the library' }).waitFor();
      await expect.poll(() => dialog.getByTestId('library-choice').count()).toBeGreaterThanOrEqual(2);
      for (const image of await matchesOf(dialog.locator('img'))) await image.evaluate((element: HTMLImageElement) => element.decode());
      await shot(page, `library-dialog-en-${viewport}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
