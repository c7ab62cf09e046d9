import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { makeContent } from '../factories/index.ts';
import { insertPost } from '../factories/search-content.ts';
import { heading, openAdmin } from './support/admin.ts';
import { launchBrowser, screenshot, startSite, type Site } from './support/site.ts';

/** The search box of the admin lists: a draft is found by one of its words, in both languages. */
let browser: Browser;
let site: Site;
let draftId: number;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startSite()]);
  draftId = (
    await makeContent(site.deps, 'news', {
      titleEn: 'Quokka midwives draft',
      titleFa: 'پیش‌نویس خبر ماماهای روستا',
      descriptionEn: 'Midwives in the villages.',
      status: 'draft',
    })
  ).id;
  const unrelated = await makeContent(site.deps, 'news', { titleEn: 'Unrelated published news', titleFa: 'خبری دیگر منتشرشده' });
  // Enough matches for two pages, written straight to the table (quick), showing a picture that exists.
  for (let index = 0; index < 13; index++) {
    const id = await insertPost(site.deps, { titleEn: `Harvest note ${index}`, titleFa: `یادداشت برداشت ${index}`, daysAgo: index + 1 });
    await site.deps.db.transaction((tx) => tx.update(posts).set({ image: unrelated.image }).where(eq(posts.id, id)));
  }
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const cards = (page: Page) => page.getByTestId('admin-card');
const box = (page: Page) => page.getByTestId('list-search').getByRole('searchbox');

async function search(page: Page, q: string) {
  await box(page).fill(q);
  await box(page).press('Enter');
}

describe('searching an admin list', () => {
  it('finds a draft by its word in English, keeps the query under a token in the address (never its words), and clears back to the list', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/all');
    await heading(page).filter({ hasText: 'All news' }).waitFor();
    await page.getByText('15 items').waitFor();

    await search(page, 'quokka');
    await page.waitForURL(/\?s=[A-Za-z0-9_-]{22}$/);
    await page.getByText('1 match').waitFor();
    // Neither the address, the title nor the history's state (the edit links' way back) holds the words.
    expect(page.url() + (await page.title()) + (await page.evaluate(() => JSON.stringify(history.state)))).not.toMatch(/quokka/i);
    const card = cards(page).filter({ hasText: 'Quokka midwives draft' });
    await card.waitFor();
    expect(await cards(page).count()).toBe(1);
    expect(await card.getByTestId('item-status').textContent()).toBe('Draft');
    expect(await card.getByRole('link', { name: /^View/ }).getAttribute('href')).toBe(`/preview/news/${draftId}`);
    expect(await card.getByRole('link', { name: /^Edit/ }).count()).toBe(1);
    expect(await card.getByRole('button', { name: /^Delete/ }).count()).toBe(1);
    // The status tabs step aside: a search spans every status.
    expect(await page.getByRole('button', { name: 'All statuses' }).count()).toBe(0);
    await screenshot(page, 'admin-list-search-en-1280');

    await page.reload();
    await cards(page).filter({ hasText: 'Quokka midwives draft' }).waitFor();
    expect(await box(page).inputValue()).toBe('quokka');

    await search(page, 'zebracorn');
    await page.getByTestId('empty-state').getByText('Nothing in this list matches “zebracorn”').waitFor();
    await page.goBack();
    await cards(page).filter({ hasText: 'Quokka midwives draft' }).waitFor();
    expect(await box(page).inputValue()).toBe('quokka');

    await search(page, 'harvest');
    await page.getByText('13 matches').waitFor();
    expect(await cards(page).count()).toBe(12);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('Harvest note 12');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(/\/admin\/news\/all$/);
    await page.getByText('15 items').waitFor();
    expect(await box(page).inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds the draft by a Persian word typed on an Arabic keyboard, on a phone, right to left', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/all', { lang: 'fa', viewport: 'phone' });
    await heading(page).filter({ hasText: 'همه اخبار' }).waitFor();
    // Arabic yeh and no zero-width non-joiner: the same word as the title's «پیش‌نویس».
    await search(page, 'پيشنويس');
    await page.getByText('۱ مورد یافت شد').waitFor();
    await cards(page).filter({ hasText: 'پیش‌نویس خبر ماماهای روستا' }).waitFor();
    expect(await cards(page).count()).toBe(1);
    expect(await cards(page).filter({ hasText: 'خبری دیگر' }).count()).toBe(0);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const form = await page.getByTestId('list-search').boundingBox();
    expect(form!.x + form!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-list-search-fa-375');

    await search(page, 'زرافه‌ای');
    await page.getByTestId('empty-state').getByText('در این فهرست چیزی با «زرافه‌ای» پیدا نشد').waitFor();
    await page.getByRole('button', { name: 'پاک کردن جست‌وجو' }).click();
    await page.getByText('۱۵ مورد').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
