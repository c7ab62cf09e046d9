import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { writeIllustration } from '../factories/admin-content.ts';
import { galleryItems } from '../../src/server/db/schema.ts';
import { makeGalleryItem } from '../factories/index.ts';
import { chooseFile, confirmDialog, expectToast, field, heading, openAdmin, publicQuery } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

interface Page<T> {
  items: T[];
}

describe('the gallery', () => {
  it('asks for an image or a video link, adds a video by its link, shows it on the site, and deletes it', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/gallery/add');
    await heading(page).filter({ hasText: 'Add gallery item' }).waitFor();
    await field(page, 'Name (English)').fill('Night march in Kabul');
    await page.getByRole('button', { name: 'Add to gallery' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please upload an image or provide a video link.' }).first().waitFor();
    expect(await field(page, 'Name (English)').inputValue()).toBe('Night march in Kabul');

    await field(page, 'Video link (YouTube)').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add to gallery' }).click();
    await expectToast(page, 'Gallery item added successfully');
    expect(await field(page, 'Name (English)').inputValue()).toBe('');

    const listed = await publicQuery<Page<{ id: number; name: string; videoLink: string; embedUrl: string }>>(site, 'gallery.list', { page: 1 });
    const item = listed.ok ? listed.data.items.find((entry) => entry.name === 'Night march in Kabul') : undefined;
    expect(item).toMatchObject({ videoLink: 'https://youtu.be/dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });

    // An image item too, so the list shows both kinds.
    await field(page, 'Name (English)').fill('Women reading together');
    await chooseFile(page, 'Image', await writeIllustration(site.deps));
    await page.getByRole('button', { name: 'Add to gallery' }).click();
    await expectToast(page, 'Gallery item added successfully');

    await page.goto('/admin/gallery/all');
    const card = page.getByTestId('admin-card').filter({ hasText: 'Night march in Kabul' });
    await card.getByText('Video').waitFor();
    expect(await card.getByRole('link', { name: /^Edit/ }).getAttribute('href')).toMatch(/\/admin\/edit\/gallery\/\d+$/);
    await page.getByTestId('admin-card').filter({ hasText: 'Women reading together' }).locator('img').waitFor();
    await screenshot(page, 'admin-gallery-list');

    await card.getByRole('button', { name: /^Delete/ }).click();
    await confirmDialog(page);
    await expectToast(page, 'Gallery item deleted successfully');
    await card.waitFor({ state: 'detached' });
    const after = await publicQuery<Page<{ name: string }>>(site, 'gallery.list', { page: 1 });
    expect(after.ok && after.data.items.map((entry) => entry.name)).toEqual(['Women reading together']);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('legal awareness', () => {
  it('is added with an image, shown on the site, edited, and deleted after "Are you sure you want to delete this item?"', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/legal/add');
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish item' }).click();
    await page.getByTestId('form-errors').getByText('Please upload an image or a video, or provide a video link.').waitFor();

    await field(page, 'Title (English)').fill('Your right to a lawyer during questioning');
    await field(page, 'Title (Persian)').fill('حق داشتن وکیل هنگام بازجویی');
    await field(page, 'Text (English)').fill('You may ask for a lawyer before you answer any question.');
    await field(page, 'Text (Persian)').fill('پیش از پاسخ به هر پرسشی می‌توانید وکیل بخواهید.');
    await chooseFile(page, 'Image or video file', await writeIllustration(site.deps));
    // A picture is described for readers who cannot see it, in both languages.
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish item' }).click();
    const altEn = field(page, 'Image description for readers who cannot see it (English)');
    const altFa = field(page, 'Image description for readers who cannot see it (Persian)');
    await page.getByTestId('form-errors').getByText('Image description for readers who cannot see it (Persian)', { exact: false }).waitFor();
    expect(await altEn.getAttribute('aria-invalid')).toBe('true');
    // The cover's words count down near their limit and are never cut.
    await altEn.fill('a'.repeat(510));
    await page.getByTestId('length-counter').getByText('10 characters too many: at most 500 are allowed.').waitFor();
    expect((await altEn.inputValue()).length).toBe(510);
    await altEn.fill('A lawyer beside a woman at a police station desk');
    await altFa.fill('وکیلی کنار زنی پشت میز کلانتری');
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish item' }).click();
    await expectToast(page, 'Legal awareness item added successfully');
    const editHref = await page.getByTestId('created-notice').getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = Number(editHref?.split('/').pop());

    const shown = await publicQuery<{ titleEn: string; mediaKind: string; coverAltFa: string }>(site, 'legal.byId', { id });
    expect(shown.ok && shown.data).toMatchObject({
      titleEn: 'Your right to a lawyer during questioning',
      mediaKind: 'image',
      coverAltFa: 'وکیلی کنار زنی پشت میز کلانتری',
    });

    await page.goto('/admin/legal/all');
    const card = page.getByTestId('admin-card').filter({ hasText: 'Your right to a lawyer' });
    await card.getByRole('link', { name: /^Edit/ }).click();
    await heading(page).filter({ hasText: 'Edit legal awareness item' }).waitFor();
    await field(page, 'Title (Persian)').fill('حق داشتن وکیل در بازجویی');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Legal awareness item updated');
    await page.waitForURL('**/admin/legal/all');
    const edited = await publicQuery<{ titleEn: string; titleFa: string }>(site, 'legal.byId', { id });
    expect(edited.ok && edited.data).toMatchObject({ titleEn: 'Your right to a lawyer during questioning', titleFa: 'حق داشتن وکیل در بازجویی' });

    await card.getByRole('button', { name: /^Delete/ }).click();
    await page.getByTestId('confirm-dialog').getByText('Are you sure you want to delete this item?').waitFor();
    await screenshot(page, 'admin-legal-confirm-delete');
    await confirmDialog(page);
    await expectToast(page, 'Legal awareness item deleted successfully');
    await page.getByText('No legal awareness items found.').waitFor();
    expect(await publicQuery(site, 'legal.byId', { id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('admin lists', () => {
  it('come in pages of twelve, with the page kept in the address', async () => {
    await site.deps.db.transaction((tx) => tx.delete(galleryItems));
    for (let index = 1; index <= 13; index += 1)
      await makeGalleryItem(site.deps, { name: `Clip ${String(index).padStart(2, '0')}`, videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    const { context, page } = await openAdmin(browser, site, '/admin/gallery/all');
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByTestId('admin-card').count()).toBe(12);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/admin/gallery/all?page=2');
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByTestId('admin-card').count()).toBe(1);
    await page.getByTestId('admin-card').filter({ hasText: 'Clip 01' }).waitFor();

    // Deleting the only item of the last page steps back to the previous page.
    await page
      .getByTestId('admin-card')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirmDialog(page);
    await page.waitForURL((url) => url.pathname === '/admin/gallery/all' && url.search === '');
    await expect.poll(() => page.getByTestId('admin-card').count()).toBe(12);
    await expect.poll(() => page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await context.close();
  });
});
