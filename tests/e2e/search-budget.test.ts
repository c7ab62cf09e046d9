import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { browserAndSiteForFile, viewports, type Site } from './support/site.ts';
import { startSeededSite } from './support/public-site.ts';
import { openPage, settled } from './support/public-browser.ts';

let browser: Browser;
let site: Site;
// Ten searches an hour, so one a minute: the second search of a visitor is over her budget.
browserAndSiteForFile(
  () => startSeededSite({ RATE_LIMIT_SEARCHES: '10' }),
  (started) => ([browser, { site }] = started),
);

describe('a search over the visitor’s budget, without JavaScript', () => {
  it('answers 429 with Retry-After and a page that says so in Persian, and her next page still works', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url, viewport: viewports.phone });
    await context.addCookies([{ name: 'lang', value: 'fa', url: site.url }]);
    const page = await context.newPage();
    const search = async (q: string) => {
      await page.goto('/search', { waitUntil: 'domcontentloaded' });
      const box = page.getByTestId('search-box-page').getByRole('searchbox');
      await box.fill(q);
      // The answer the browser shows in the end, after any redirect the form's post leads to.
      const [shown] = await Promise.all([
        page.waitForResponse((response) => response.request().isNavigationRequest() && response.status() !== 303 && response.request().resourceType() === 'document'),
        box.press('Enter'),
      ]);
      await page.waitForLoadState('domcontentloaded');
      return shown;
    };

    expect((await search('معلمان')).status()).toBe(200);
    expect(await page.getByTestId('search-result').count()).toBeGreaterThan(0);

    const refused = await search('آزادی');
    expect(refused.status()).toBe(429);
    const wait = Number(await refused.headerValue('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await page.getByTestId('error-message').innerText()).toContain(messages.searchTooMany.fa);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('search-result').count()).toBe(0);

    // Reading is not searching: the visitor's other pages answer as before.
    const news = await page.goto('/latestnews', { waitUntil: 'domcontentloaded' });
    expect(news!.status()).toBe(200);
    await context.close();
  });
});

describe('a search over the visitor’s budget, with JavaScript', () => {
  it('shows the same refusal the server rendered, with no hydration error', async () => {
    const { context, page, consoleErrors } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    try {
      // The budget above is one search a minute: the first may or may not be left, the second is refused.
      await page.goto('/search?q=teachers', { waitUntil: 'domcontentloaded' });
      const refused = await page.goto('/search?q=freedom', { waitUntil: 'domcontentloaded' });
      expect(refused!.status()).toBe(429);
      await settled(page);
      expect(await page.getByTestId('error-message').innerText()).toContain(messages.searchTooMany.en);
      // The refused document itself is reported by the browser; anything else is a fault.
      expect(consoleErrors.filter((text) => !text.includes('429'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
