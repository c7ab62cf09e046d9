import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { excerpt } from '../../src/shared/text.ts';
import { writeIllustration } from '../factories/admin-content.ts';
import { chooseFile, confirmDialog, expectToast, field, heading, openAdmin, publicQuery } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

interface ContentItem {
  id: number;
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  image: string;
  category: string | null;
  media: { link: string | null }[];
}

const kinds = [
  {
    name: 'news',
    section: 'news',
    procedure: 'news',
    edit: 'news',
    publicPath: 'news',
    add: 'Add news',
    submit: 'Publish news',
    added: 'News added successfully',
    updated: 'News updated',
    deleted: 'News deleted successfully',
  },
  {
    name: 'an article',
    section: 'articles',
    procedure: 'articles',
    edit: 'article',
    publicPath: 'articles',
    add: 'Add article',
    submit: 'Publish article',
    added: 'Article added successfully',
    updated: 'Article updated',
    deleted: 'Article removed successfully',
  },
  {
    name: 'a report',
    section: 'reports',
    procedure: 'reports',
    edit: 'report',
    publicPath: 'reports',
    add: 'Add report',
    submit: 'Publish report',
    added: 'Report added successfully',
    updated: 'Report updated',
    deleted: 'Report removed successfully',
  },
] as const;

async function fillText(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

describe.each(kinds)('$name', (kind) => {
  it(`is published with a real image, seen on the public site, corrected, and deleted`, async () => {
    const { context, page, problems } = await openAdmin(browser, site, `/admin/${kind.section}/add`);
    await heading(page).filter({ hasText: kind.add }).waitFor();
    const title = `Thirty women lawyers meet in Herat to plan free legal aid (${kind.edit})`;
    await fillText(page, {
      'Title (English)': title,
      'Title (Persian)': 'دیدار زنان وکیل در هرات',
      'Text (English)': 'Thirty women lawyers met to plan free legal help for women in western Afghanistan.',
      'Text (Persian)': 'سی زن وکیل برای برنامه‌ریزی کمک حقوقی رایگان به زنان در غرب افغانستان دیدار کردند.',
      'Image description for readers who cannot see it (English)': 'Women lawyers around a table',
      'Image description for readers who cannot see it (Persian)': 'زنان وکیل دور یک میز',
      'Video link': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    await field(page, 'Category').selectOption('education');
    await chooseFile(page, 'Image', await writeIllustration(site.deps));
    if (kind.section === 'news') await screenshot(page, 'admin-news-add-filled');
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: kind.submit }).click();
    await expectToast(page, kind.added);

    // The form is empty again, and says where to see the new item.
    const notice = page.getByTestId('created-notice');
    await notice.waitFor();
    expect(await field(page, 'Title (English)').inputValue()).toBe('');
    const editHref = await notice.getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = Number(editHref?.split('/').pop());
    expect(editHref).toBe(`/admin/edit/${kind.edit}/${id}`);

    const published = await publicQuery<ContentItem>(site, `${kind.procedure}.byId`, { id });
    expect(published.ok && published.data).toMatchObject({
      titleEn: title,
      titleFa: 'دیدار زنان وکیل در هرات',
      category: 'education',
      media: [{ link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
    });
    const firstImage = published.ok ? published.data.image : '';
    expect(firstImage).toMatch(/^images\//);
    const image = await fetch(`${site.url}/storage/${firstImage}`);
    expect(image.status).toBe(200);

    const visitor = await context.newPage();
    await visitor.goto(`/${kind.publicPath}/${id}`);
    await expect.poll(() => visitor.getByTestId('detail-title').textContent(), { timeout: 10_000 }).toBe(title);
    await visitor.close();

    // The list shows the card, its title shortened to 40 characters between words.
    await page
      .getByRole('link', { name: `All ${kind.section}` })
      .first()
      .click();
    const shown = excerpt(title, 40);
    expect(shown).toBe('Thirty women lawyers meet in Herat to…');
    const card = page.getByTestId('admin-card').filter({ hasText: shown });
    await card.waitFor();
    expect(await card.locator('h2').textContent()).toBe(shown);
    if (kind.section === 'news') await screenshot(page, 'admin-news-list');

    // Edit: only what changed is sent, and the image can be replaced.
    await card.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL(`**/admin/edit/${kind.edit}/${id}`);
    await page.getByTestId('current-image').waitFor();
    const corrected = `Thirty women lawyers met in Herat to plan free legal aid (${kind.edit})`;
    await field(page, 'Title (English)').fill(corrected);
    await chooseFile(page, 'Replace the image', await writeIllustration(site.deps, { format: 'png' }));
    if (kind.section === 'news') await screenshot(page, 'admin-news-edit');
    const request = page.waitForRequest((r) => r.url().includes(`/trpc/${kind.procedure}.update`));
    await page.getByRole('button', { name: 'Save changes' }).click();
    const sent = JSON.parse((await request).postData() ?? '{}') as Record<string, { json: Record<string, unknown> }>;
    // A new picture travels with its description (the old words described the old picture).
    expect(Object.keys(sent['0']!.json).sort()).toEqual(['coverAltEn', 'coverAltFa', 'id', 'imageUploadId', 'titleEn']);
    await expectToast(page, kind.updated);
    await page.waitForURL(`**/admin/${kind.section}/all`);

    const updated = await publicQuery<ContentItem>(site, `${kind.procedure}.byId`, { id });
    expect(updated.ok && updated.data).toMatchObject({ titleEn: corrected, titleFa: 'دیدار زنان وکیل در هرات', category: 'education' });
    expect(updated.ok && updated.data.image).not.toBe(firstImage);

    // Delete, after a confirmation.
    const updatedCard = page.getByTestId('admin-card').filter({ hasText: corrected.slice(0, 30) });
    await updatedCard.getByRole('button', { name: /^Delete/ }).click();
    await confirmDialog(page);
    await expectToast(page, kind.deleted);
    await page.getByTestId('empty-state').waitFor();
    const gone = await publicQuery(site, `${kind.procedure}.byId`, { id });
    expect(gone).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the news form', () => {
  it('checks the fields before sending, and keeps everything typed when sending fails', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/news/add');
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish news' }).click();
    const errors = page.getByTestId('form-errors');
    await errors.waitFor();
    // Nothing written in either language: a title in one of them, and the picture, are asked for.
    for (const label of ['Title (English)', 'Title (Persian)', 'Image']) {
      await errors.getByText(label, { exact: true }).waitFor();
    }
    await screenshot(page, 'admin-news-add-errors');

    await fillText(page, {
      'Title (English)': 'Kept title',
      'Title (Persian)': 'عنوان',
      'Text (English)': 'Kept text',
      'Text (Persian)': 'متن',
      'Image description for readers who cannot see it (English)': 'A drawing',
      'Image description for readers who cannot see it (Persian)': 'یک طرح',
    });
    await chooseFile(page, 'Image', await writeIllustration(site.deps));
    await page.route('**/trpc/news.create**', (route) => route.abort('connectionfailed'));
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expectToast(page, 'Failed to add news');
    expect(await field(page, 'Title (English)').inputValue()).toBe('Kept title');

    // Even a reload keeps the text (the image has to be chosen again).
    await page.unroute('**/trpc/news.create**');
    await page.reload();
    await page.getByText('Your unsaved text from last time has been restored.').waitFor();
    await expect.poll(() => field(page, 'Text (English)').innerText()).toBe('Kept text');
    await chooseFile(page, 'Image', await writeIllustration(site.deps));
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expectToast(page, 'News added successfully');
    await page.reload();
    await heading(page).filter({ hasText: 'Add news' }).waitFor();
    expect(await field(page, 'Title (English)').inputValue()).toBe('');
    await context.close();
  });
});
