import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { openPage, settled, snap, startSeededSite, visit } from './support/public-site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site }] = started));

/** Every character sits after the one typed before it, along the reading direction of Latin text. */
async function readsLeftToRight(page: Page, selector: string) {
  const lefts = await page.locator(selector).first().evaluate((element) => {
    const text = element.firstChild!;
    return Array.from({ length: text.textContent!.length }, (_, index) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect().left;
    });
  });
  for (let index = 1; index < lefts.length; index++) expect(lefts[index]!).toBeGreaterThanOrEqual(lefts[index - 1]!);
}

describe('a query too long for the search', () => {
  it('is never cut by the search boxes: a counter says by how much it is too long, and nothing is sent (English, 1280 px)', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/latestnews');
    const box = page.getByTestId('search-box-bar').getByRole('searchbox');
    const long = `women ${'rights '.repeat(35)}`.trim();
    await box.fill(long);
    expect(await box.inputValue()).toBe(long);
    const counter = page.getByTestId('search-box-bar').getByTestId('length-counter');
    await expect.poll(() => counter.innerText()).toBe(`${long.length - 200} characters too many: at most 200 are allowed.`);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/latestnews');
    await snap(page, 'search-too-long-en-desktop');

    // Shortened, it searches.
    await box.fill('women rights');
    expect(await counter.count()).toBe(0);
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/search\/r\/[A-Za-z0-9_-]{22}$/);
    await context.close();
  });

  it('is never cut in Persian on a phone either, with the counter in Persian digits', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'phone' });
    await visit(page, '/search');
    const box = page.getByTestId('search-box-page').getByRole('searchbox');
    await box.fill('زنان '.repeat(45).trim());
    const counter = page.getByTestId('search-box-page').getByTestId('length-counter');
    await expect.poll(() => counter.innerText()).toBe('۲۴ نویسه بیش از حد مجاز؛ حداکثر ۲۰۰ نویسه پذیرفته می‌شود.');
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    await snap(page, 'search-too-long-fa-phone');
    await context.close();
  });

  it('is kept whole in an admin list’s search box, with its counter', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/news/all', { lang: 'fa', viewport: 'phone' });
    const box = page.getByTestId('list-search').getByRole('searchbox');
    await box.fill('x'.repeat(230));
    expect((await box.inputValue()).length).toBe(230);
    await page.getByTestId('list-search').getByTestId('length-counter').getByText('۳۰ نویسه بیش از حد مجاز', { exact: false }).waitFor();
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('a query in a crafted link', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`reads as typed, its direction overrides gone, in the sentence, the box and the title (${lang})`, async () => {
      const { context, page } = await openPage(browser, site, { lang, viewport: lang === 'fa' ? 'phone' : 'desktop' });
      // Reversed by the override, "moc.elgoog" would read as an address.
      await visit(page, `/search?q=${encodeURIComponent('zzqx \u202Emoc.elgoog\u202C')}`);
      await settled(page);
      const sentence = page.getByTestId('empty-message').locator('bdi');
      await sentence.waitFor();
      expect(await sentence.innerText()).toBe('zzqx moc.elgoog');
      await readsLeftToRight(page, '[data-testid="empty-message"] bdi');
      expect(await page.getByTestId('search-box-page').getByRole('searchbox').inputValue()).toBe('zzqx moc.elgoog');
      expect(await page.title()).not.toMatch(/[\u202A-\u202E]/);
      expect(await page.locator('main').innerText()).not.toMatch(/[\u202A-\u202E]/);
      await snap(page, `search-crafted-${lang}`);
      await context.close();
    });
  }

  it('reads as typed in an admin list too', async () => {
    const { context, page } = await openAdmin(browser, site, `/admin/news/all?q=${encodeURIComponent('zzqx \u202Emoc.elgoog')}`, { lang: 'en' });
    const quoted = page.locator('main bdi').filter({ hasText: 'zzqx' });
    await quoted.waitFor();
    expect(await quoted.innerText()).toBe('zzqx moc.elgoog');
    expect(await page.getByTestId('list-search').getByRole('searchbox').inputValue()).toBe('zzqx moc.elgoog');
    await context.close();
  });
});
