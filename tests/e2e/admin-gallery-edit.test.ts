import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { galleryItems } from '../../src/server/db/schema.ts';
import { writeIllustration } from '../factories/admin-content.ts';
import { makeGalleryItem } from '../factories/index.ts';
import { chooseFile, expectToast, field, heading, openAdmin, publicQuery } from './support/admin.ts';
import { newContext, screenshot, startSite, browserAndSiteForFile, type Site } from './support/site.ts';
import { folderOf } from '../setup/stored.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(
  () => startSite({ RATE_LIMIT_UPLOADS: '0' }),
  (started) => ([browser, site] = started),
);

interface Item {
  id: number;
  name: string;
  nameFa: string | null;
  image: string | null;
  videoLink: string | null;
}

let oldItem: Item;
let videoItem: Item;
beforeAll(async () => {
  // Named before names were kept per language (no Persian name), and old enough to be on page 2.
  oldItem = await makeGalleryItem(site.deps, { name: 'Women of Herat at the market' });
  videoItem = await makeGalleryItem(site.deps, { name: 'A speech in Kabul', videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
  for (let index = 1; index <= 12; index += 1) await makeGalleryItem(site.deps, { name: `Clip ${index}`, videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
});

const itemById = async (id: number) => {
  const listed = await publicQuery<{ items: Item[] }>(site, 'gallery.list', { page: 1, pageSize: 50 });
  return listed.ok ? listed.data.items.find((item) => item.id === id) : undefined;
};

/** The name a Persian reader sees on the public gallery page, with JavaScript off (server-rendered). */
async function persianNameOnSite(id: number): Promise<string | null> {
  const context = await newContext(browser, site, { lang: 'fa', viewport: 'phone' });
  await context.route('**/*.js', (route) => route.abort());
  const reader = await context.newPage();
  await reader.goto('/gallery');
  const names = await reader.getByTestId('gallery-name').allTextContents();
  await screenshot(reader, `gallery-edit-public-fa-phone-${id}`);
  await context.close();
  return names.find((name) => /[\u0600-\u06FF]/.test(name)) ?? null;
}

describe('editing a gallery item', () => {
  it('gives an old item a Persian name and a new picture, from page 2 of the list, and returns to it there (English, 1280 px)', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/gallery/all?page=2');
    const card = page.locator(`[data-item-id="${oldItem.id}"]`);
    await card.getByRole('link', { name: /^Edit/ }).click();
    await heading(page).filter({ hasText: 'Edit gallery item' }).waitFor();
    await page.getByTestId('current-image').waitFor();
    expect(await field(page, 'Name (English)').inputValue()).toBe('Women of Herat at the market');
    expect(await field(page, 'Name (Persian)').inputValue()).toBe('');
    expect(await field(page, 'Name (Persian)').getAttribute('dir')).toBe('rtl');

    // Nothing changed: nothing is sent.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Nothing to save: no field was changed.');

    // Its only name cannot be emptied (an item needs one in some language).
    await field(page, 'Name (English)').fill('   ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('form-errors').getByText('Give it a name in English or in Persian.').waitFor();
    await field(page, 'Name (English)').fill('Women of Herat at the market');

    await field(page, 'Name (Persian)').fill('زنان هرات در بازار');
    await chooseFile(page, 'Replace the image', await writeIllustration(site.deps, { format: 'jpeg' }));
    await screenshot(page, 'admin-gallery-edit-en-desktop');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Gallery item updated');
    await page.waitForURL('**/admin/gallery/all?page=2');
    const edited = page.locator(`[data-item-id="${oldItem.id}"]`);
    await expect.poll(() => edited.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    const saved = await itemById(oldItem.id);
    expect(saved).toMatchObject({ name: 'Women of Herat at the market', nameFa: 'زنان هرات در بازار' });
    expect(saved?.image).not.toBe(oldItem.image);
    // The old picture left the public side; it stays in the picture library (decision 033).
    expect(folderOf(site.deps.storage).existing(oldItem.image!, 'public')).toBeNull();
    expect(folderOf(site.deps.storage).existing(oldItem.image!, 'private')).not.toBeNull();
    expect(await persianNameOnSite(oldItem.id)).toBe('زنان هرات در بازار');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works in Persian on a phone: the errors and messages in Persian, the typed text kept over a reload, the item saved', async () => {
    const { context, page, problems } = await openAdmin(browser, site, `/admin/edit/gallery/${videoItem.id}`, { lang: 'fa', viewport: 'phone' });
    await heading(page).filter({ hasText: 'ویرایش مورد گالری' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    // What the item shows now is its video link, not an empty picture frame.
    const current = page.getByTestId('current-video-link');
    expect(await current.innerText()).toContain('https://youtu.be/dQw4w9WgXcQ');
    await page.getByText('ویدیوی کنونی').waitFor();
    // A video-only item cannot lose its link: the add form's rule, in Persian.
    await field(page, 'پیوند ویدیو (یوتیوب)').fill('');
    await page.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await page.getByTestId('form-errors').getByText('لطفاً یک تصویر بارگذاری کنید یا پیوند ویدیو وارد کنید.').waitFor();
    await field(page, 'پیوند ویدیو (یوتیوب)').fill('https://youtu.be/dQw4w9WgXcQ');

    await field(page, 'نام (فارسی)').fill('سخنرانی در کابل');
    await page.reload();
    await page.getByText('متن ذخیره‌نشده دفعه پیش شما بازگردانده شد.').waitFor();
    expect(await field(page, 'نام (فارسی)').inputValue()).toBe('سخنرانی در کابل');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-gallery-edit-fa-phone');

    await page.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await expectToast(page, 'مورد گالری به‌روزرسانی شد');
    await page.waitForURL('**/admin/gallery/all');
    expect(await itemById(videoItem.id)).toMatchObject({ name: 'A speech in Kabul', nameFa: 'سخنرانی در کابل', videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    // Opened by its address, not from the list: the save returns to the list's first page. The item is on the second.
    await page.goto('/admin/gallery/all?page=2');
    await page.getByTestId('admin-card').filter({ hasText: 'سخنرانی در کابل' }).waitFor();
    await screenshot(page, 'admin-gallery-list-fa-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says "not found" in the panel’s language for an item that does not exist', async () => {
    const gone = await makeGalleryItem(site.deps, { name: 'Soon gone', videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    await site.deps.db.transaction((tx) => tx.delete(galleryItems));
    const { context, page } = await openAdmin(browser, site, `/admin/edit/gallery/${gone.id}`, { lang: 'fa' });
    await page.getByText('مورد پیدا نشد.').waitFor();
    await page.getByRole('link', { name: 'بازگشت به گالری' }).waitFor();
    await context.close();
  });
});
