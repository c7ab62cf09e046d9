import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { openPage, recordProcedureCalls, startSeededSite, visit } from './support/public-site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site }] = started));

/**
 * A page is served from a cache only while what it shows is current (its validator moves with
 * every public change), however long ago it was rendered. A reader who only reads asks the server
 * for nothing more; one who starts using the page has its application ask once for what the page
 * shows (docs/decisions/039), and nothing again once it has taken the page over.
 */
describe.each(['en', 'fa'] as const)('a page rendered long before the reader came, in %s', (lang) => {
  it.each(['/', '/latestnews', '/news/1'])('%s asks for nothing while read, and for what it shows once when woken', async (pathname) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    try {
      // The reader's clock ten minutes past the render: as a copy cached that long ago looks to her.
      await page.clock.install({ time: Date.now() + 10 * 60 * 1000 });
      const calls = recordProcedureCalls(page);
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/trpc/')) requests.push(request.url());
      });
      await page.goto(pathname, { waitUntil: 'networkidle' });
      expect(calls).toEqual([]);
      await visit(page, pathname);
      await page.waitForLoadState('networkidle');
      expect(calls).toContain('config.get');
      // Asked once, in one request: nothing asked again after hydration, however old the page looked.
      expect(requests).toHaveLength(1);
      await page.clock.runFor(60_000);
      await page.waitForLoadState('networkidle');
      expect(requests).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
