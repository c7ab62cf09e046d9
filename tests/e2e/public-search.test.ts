import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { publicCaller } from '../setup/callers.ts';
import { browserAndSiteForFile, loginAs, newContext, viewports, type Site } from './support/site.ts';
import { openPage, settled, snap, startSeededSite, visit, type Lang, type Viewport } from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;
/** Where a search's results are shown: an address with an opaque token, never the words (decision 018). */
const KEPT_ADDRESS = /^\/search\/r\/[A-Za-z0-9_-]{22}$/;
/** Words of the seeded demo copy, and the same words as the other keyboard may type them. */
const queries = { en: 'women', fa: 'معلمان آزادي' } as const;

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site }] = started));

const marks = (page: Page) => page.getByTestId('search-results').locator('mark').allInnerTexts();

async function expectResultsPage(page: Page, lang: Lang) {
  expect(await page.getByTestId('search-result').count()).toBeGreaterThan(0);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'fa' ? 'rtl' : 'ltr');
  const marked = await marks(page);
  expect(marked.length).toBeGreaterThan(0);
  if (lang === 'en') expect(marked.every((word) => /^wom[ae]n('s)?$/i.test(word))).toBe(true);
  else expect(marked.every((word) => ['معلمان', 'آزادی'].includes(word))).toBe(true);
}

describe('search, with JavaScript', () => {
  it('finds English news from the header box on a desktop, with pages and filters', async () => {
    const { context, page, consoleErrors, thirdParty } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await visit(page, '/latestnews');
    const { total } = await publicCaller(site.deps).search.query({ q: queries.en });
    expect(total).toBeGreaterThan(10);
    await page.getByTestId('search-box-bar').getByRole('searchbox').fill(queries.en);
    await page.getByTestId('search-box-bar').getByRole('searchbox').press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(KEPT_ADDRESS);
    await settled(page);
    await expect.poll(() => page.getByTestId('search-result').count()).toBe(10);
    await expectResultsPage(page, 'en');
    expect(await page.getByTestId('search-count').innerText()).toBe(`${total} results for “women”`);
    await snap(page, 'search-en-desktop');
    await page.getByTestId('pagination').getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('pagination').innerText()).toContain('Page 2 of');
    // Back and Forward move between result pages, and a reload keeps them: each page is a kept search of its own.
    await page.goBack();
    await expect.poll(() => page.getByTestId('pagination').innerText()).toContain('Page 1 of');
    await page.goForward();
    await expect.poll(() => page.getByTestId('pagination').innerText()).toContain('Page 2 of');
    await page.reload();
    await expect.poll(() => page.getByTestId('search-result').count()).toBe(10);
    expect(await page.getByTestId('pagination').innerText()).toContain('Page 2 of');
    await page.getByTestId('search-filters').getByRole('button', { name: 'Articles' }).click();
    await expect
      .poll(async () => [...new Set(await page.getByTestId('search-result').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type'))))])
      .toEqual(['article']);
    expect(await page.getByTestId('search-filters').getByRole('button', { name: 'Articles' }).getAttribute('aria-pressed')).toBe('true');
    // The words never reached an address: not the page's, not one the browser asked for.
    expect(page.url()).not.toContain('women');
    expect(requested.filter((url) => url.includes('women'))).toEqual([]);
    await page.getByTestId('search-result-title').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/articles\/\d+(-[^/]+)?$/);
    expect(consoleErrors).toEqual([]);
    expect(thirdParty).toEqual([]);
    await context.close();
  });

  it('finds Persian typed with an Arabic keyboard from the phone menu, with Persian digits', async () => {
    const { context, page, consoleErrors } = await openPage(browser, site, { lang: 'fa', viewport: 'phone' });
    await visit(page, '/');
    await page.getByTestId('menu-button').click();
    const box = page.getByTestId('search-box-menu').getByRole('searchbox');
    await box.fill(queries.fa);
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(KEPT_ADDRESS);
    await settled(page);
    await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('drawer').count()).toBe(0);
    await expectResultsPage(page, 'fa');
    // The query is shown as the reader typed it.
    expect(await page.getByTestId('search-count').innerText()).toMatch(/^[۰-۹]+ نتیجه برای «معلمان آزادي»$/);
    await snap(page, 'search-fa-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says when nothing is found and suggests checking the spelling, in both languages', async () => {
    for (const lang of ['en', 'fa'] as const) {
      const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
      await visit(page, `/search?q=${encodeURIComponent('zzqxnothing')}`);
      const message = await page.getByTestId('empty-message').innerText();
      expect(message).toContain(texts[lang].search.none.replace('{{q}}', 'zzqxnothing'));
      expect(message).toContain(texts[lang].search.noneHint);
      await visit(page, `/search?q=${'a'.repeat(201)}`);
      expect(await page.getByTestId('search-too-long').innerText()).toBe(texts[lang].search.tooLong);
      await visit(page, `/search?q=${encodeURIComponent('"NEAR( title_en: *')}`);
      expect(await page.getByTestId('empty-message').count()).toBe(1);
      await context.close();
    }
  });
});

describe('search, without JavaScript', () => {
  const cases: [Lang, Viewport][] = [
    ['en', 'desktop'],
    ['fa', 'desktop'],
    ['en', 'phone'],
    ['fa', 'phone'],
  ];
  for (const [lang, viewport] of cases) {
    it(`works from the ${viewport === 'phone' ? 'search page at 375 px' : 'header box at 1280 px'} in ${lang === 'fa' ? 'Persian' : 'English'}`, async () => {
      const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url, viewport: viewports[viewport] });
      await plain.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      const page = await plain.newPage();
      // On phones the header's search is in the menu, which opens without JavaScript once the menu
      // does (a <details>); the search page's own form is the journey here.
      await page.goto(viewport === 'phone' ? '/search' : '/', { waitUntil: 'domcontentloaded' });
      const form = page.getByTestId(viewport === 'phone' ? 'search-box-page' : 'search-box-bar');
      await form.getByRole('searchbox').fill(queries[lang]);
      const [posted] = await Promise.all([page.waitForRequest((request) => request.method() === 'POST'), form.getByRole('searchbox').press('Enter')]);
      await page.waitForLoadState('domcontentloaded');
      // Posted: the words are in the request's body, not in any address.
      expect(new URL(posted.url()).pathname).toBe('/search');
      expect(new URLSearchParams(posted.postData() ?? '').get('q')).toBe(queries[lang]);
      // Answered with a redirect to the kept search's opaque address (decision 018).
      const url = new URL(page.url());
      expect(url.pathname).toMatch(KEPT_ADDRESS);
      expect([...url.searchParams.keys()]).toEqual(['lang']);
      expect(url.searchParams.get('lang')).toBe(lang);
      await expectResultsPage(page, lang);
      await snap(page, `search-${lang}-${viewport}-nojs`);
      if (lang === 'fa') expect(await page.getByTestId('search-count').innerText()).toMatch(/^[۰-۹]+ /);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 || element.getBoundingClientRect().left < -1)
          .map((element) => element.outerHTML.slice(0, 120))
          .slice(0, 3),
      );
      expect(wide).toEqual([]);
      // Filters post the search again, with the query kept and still out of the address.
      await Promise.all([
        page.waitForRequest((request) => request.method() === 'POST'),
        page.getByTestId('search-filters').getByRole('button', { name: texts[lang].search.typesPlural.news }).click(),
      ]);
      await page.waitForLoadState('domcontentloaded');
      expect(await page.getByTestId('search-result').evaluateAll((rows) => rows.every((row) => row.getAttribute('data-type') === 'news'))).toBe(true);
      expect(await page.getByTestId('search-result').count()).toBeGreaterThan(0);
      expect(new URL(page.url()).searchParams.has('q')).toBe(false);
      // No link on the results page carries the words either (the language switch, the footer form).
      const addresses = await page.evaluate(() =>
        [...document.querySelectorAll('a[href], form[action]')].map((element) => element.getAttribute('href') ?? element.getAttribute('action')),
      );
      expect(addresses.filter((address) => address!.includes('q='))).toEqual([]);
      await plain.close();
    });
  }
});

describe('search for editors', () => {
  it('finds a story waiting for review, marked as not public, from the admin panel', async () => {
    const context = await newContext(browser, site, { lang: 'fa' });
    await loginAs(context, site);
    const page = await context.newPage();
    await page.goto('/admin/search');
    const form = page.getByTestId('admin-search-form');
    await form.getByRole('searchbox').fill('روز عادي');
    await form.getByRole('searchbox').press('Enter');
    const row = page.getByTestId('admin-search-row').filter({ hasText: 'یک روز عادی' });
    await row.waitFor();
    expect(await row.innerText()).toContain('غیرعمومی');
    await snap(page, 'search-admin-fa');
    // The public search never shows it.
    expect((await publicCaller(site.deps).search.query({ q: 'روز عادی' })).items.some((hit) => hit.type === 'story')).toBe(false);
    await context.close();
  });
});
