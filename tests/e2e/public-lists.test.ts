import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { publicCaller } from '../setup/callers.ts';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { failProcedures, navigateNow, openPage, settled, snap, startSeededSite, visit, YOUTUBE_LINK, type SeedManifest } from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;

let browser: Browser;
let site: Site;
let seed: SeedManifest;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site, seed }] = started));

describe('list pages', () => {
  it('page through the news beyond page 1, with the address following', async () => {
    const all = (await publicCaller(site.deps).news.list({ pageSize: 50 })).items;
    expect(all).toHaveLength(23);
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/latestnews');
    const firstPage = await page.locator('main [data-testid="featured"], main [data-testid="content-grid"]').getByTestId('card-title').allInnerTexts();
    expect(firstPage).toEqual(all.slice(0, 13).map((item) => item.titleEn));
    await page.getByTestId('pagination').getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
    await expect.poll(() => page.getByTestId('pagination').innerText()).toContain('Page 2 of 2');
    // The pagination follows the address at once; the previous page stays on screen (aria-busy) until the next arrives.
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
    const secondPage = await page.locator('main [data-testid="featured"], main [data-testid="content-grid"]').getByTestId('card-title').allInnerTexts();
    expect(secondPage).toEqual(all.slice(13).map((item) => item.titleEn));
    expect(await page.getByTestId('pagination').getByRole('link', { name: 'Next' }).count()).toBe(0);
    await snap(page, 'news-page-2-en-desktop');
    await page.getByTestId('pagination').getByRole('link', { name: 'Previous' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // A reader can also open a later page directly.
    await visit(page, '/latestnews?page=2');
    expect(await page.getByTestId('featured').getByTestId('card-title').innerText()).toBe(all[13]!.titleEn);
    await context.close();
  });

  it('show a featured first item, a side list from the other sections, and category labels', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'desktop' });
    await visit(page, '/reports');
    const reports = (await publicCaller(site.deps).reports.list({ pageSize: 13 })).items;
    expect(await page.getByTestId('featured').getByTestId('card-title').innerText()).toBe(reports[0]!.titleFa);
    const side = page.getByTestId('side-list');
    expect(await side.locator('h2').allInnerTexts()).toEqual([faPublic.list.from.news, faPublic.list.from.article]);
    expect(await side.getByTestId('compact-story').count()).toBe(6);
    const labels = await page.getByTestId('content-grid').getByTestId('category-label').allInnerTexts();
    expect(labels.some((label) => label.includes(faPublic.countries.iran))).toBe(true);
    await context.close();
  });

  it('filter by category, and say so when a category is empty', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/latestnews');
    await page.getByTestId('category-filter').getByRole('link', { name: 'Health' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?category=health');
    await settled(page);
    await expect.poll(() => page.getByTestId('category-label').allInnerTexts()).toEqual(['HEALTH · AFGHANISTAN', 'HEALTH · IRAN']);
    expect(await page.getByTestId('category-filter').locator('[aria-current="page"]').innerText()).toBe('Health');
    await visit(page, '/reports?category=sports');
    expect(await page.getByTestId('empty-message').innerText()).toBe('No reports available.');
    await context.close();
  });

  it('lay the grid out in 1 to 4 columns by width', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await visit(page, '/latestnews');
    const columns = () =>
      page
        .getByTestId('content-grid')
        .locator(':scope > li')
        .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().left))).size);
    expect(await columns()).toBe(1);
    for (const [width, expected] of [
      [700, 2],
      [1100, 3],
      [1280, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(columns).toBe(expected);
    }
    await context.close();
  });

  it('show "Error: " and the message when a list cannot be loaded', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await visit(page, '/about');
    await failProcedures(page, { 'articles.list': { message: 'Service unavailable', code: 'BAD_REQUEST' } });
    await navigateNow(page, '/articles');
    await page.getByTestId('error-message').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('error-message').innerText()).toBe(`${enCommon.error}Service unavailable`);
    await context.close();
  });

  it('list what is tagged with a country, and lead from there to the filtered list', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/afghanistan');
    for (const label of await page.getByTestId('category-label').allInnerTexts()) expect(label).toContain('AFGHANISTAN');
    await page.getByTestId('country-report').getByTestId('view-more').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?country=afghanistan');
    await settled(page);
    expect(await page.getByTestId('page-title').innerText()).toBe('Reports');
    for (const label of await page.getByTestId('category-label').allInnerTexts()) expect(label).toContain('AFGHANISTAN');
    await context.close();
  });
});

describe('detail pages', () => {
  it.each(['en', 'fa'] as const)('show the item in the reader language with a back button to the list (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/articles');
    await page.getByTestId('featured').getByTestId('card-title').click();
    await settled(page);
    const article = await publicCaller(site.deps).articles.byId({ id: seed.articles[0]! });
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/articles/${article.id}(-[^/]+)?$`));
    expect(await page.getByTestId('detail-title').innerText()).toBe(lang === 'fa' ? article.titleFa : article.titleEn);
    const paragraphs = await page.getByTestId('prose').locator('p').allInnerTexts();
    expect(paragraphs.join('\n\n')).toBe(lang === 'fa' ? article.descriptionFa : article.descriptionEn);
    expect(await page.getByTestId('detail').locator('figure img').getAttribute('alt')).toBe(lang === 'fa' ? article.titleFa : article.titleEn);
    await snap(page, `article-detail-${lang}-phone`);
    await page.getByTestId('back-button').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/articles');
    await context.close();
  });

  it.each([
    ['news', '/news/999999', 'en', 'News not found.', '/latestnews'],
    ['articles', '/articles/999999', 'en', 'Article not found.', '/articles'],
    ['reports', '/reports/not-a-number', 'en', 'Report not found.', '/reports'],
    ['news', '/news/999999', 'fa', faPublic.detail.notFound.news, '/latestnews'],
    ['articles', '/articles/0', 'fa', faPublic.detail.notFound.article, '/articles'],
    ['reports', '/reports/999999', 'fa', faPublic.detail.notFound.report, '/reports'],
  ] as const)('say "not found" for a missing %s item, with a Go Back button (%s, %s)', async (_section, path, lang, message, list) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, path);
    expect(await page.getByTestId('not-found').locator('h1').innerText()).toBe(message);
    // The server answers a missing item with 404, so search engines and link previews know.
    expect((await page.request.get(path)).status()).toBe(404);
    const back = page.getByTestId('back-button');
    expect(await back.innerText()).toBe(texts[lang].goBack);
    // Opened directly (no earlier page on this site): Go Back leads to the list, not off the site.
    await back.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(list);
    await context.close();
  });

  it('show a video poster that contacts YouTube only after a click, then the youtube-nocookie player', async () => {
    const { context, page, thirdParty } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await visit(page, `/news/${seed.news[1]}`);
    const poster = page.getByTestId('video-poster');
    expect(await poster.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.getByTestId('detail-video').locator('h2').innerText()).toBe('Watch the interview');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(thirdParty).toEqual([]);
    await poster.click();
    const frame = page.getByTestId('video-iframe');
    await frame.waitFor();
    const id = new URL(YOUTUBE_LINK).searchParams.get('v');
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`);
    await expect.poll(() => thirdParty.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    expect(thirdParty.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
    await context.close();
  });
});
