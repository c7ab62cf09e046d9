import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { openPage, recordProcedureCalls, startSeededSite, visit } from './support/public-site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site }] = started));

/**
 * A page is served from a cache only while what it shows is current (its validator moves with
 * every public change), however long ago it was rendered: the browser takes over what the server
 * sent without asking for any of it again.
 */
describe.each(['en', 'fa'] as const)('a page rendered long before the reader came, in %s', (lang) => {
  it.each(['/', '/latestnews', '/news/1'])('%s asks the server for nothing it already rendered', async (pathname) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    try {
      // The reader's clock ten minutes past the render: as a copy cached that long ago looks to her.
      await page.clock.install({ time: Date.now() + 10 * 60 * 1000 });
      const calls = recordProcedureCalls(page);
      await visit(page, pathname);
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
