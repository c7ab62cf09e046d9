import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeContent } from '../factories/index.ts';
import { browserAndSiteForFile, newContext, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));
beforeAll(async () => {
  await makeContent(site.deps, 'news', { titleEn: 'Teachers keep lessons going at home', titleFa: 'معلمان درس‌ها را در خانه ادامه می‌دهند' });
});

/** The font files a first visit downloads, once the page's fonts are ready. */
async function fontsDownloaded(path: string, lang: 'en' | 'fa') {
  const context = await newContext(browser, site, { viewport: 'phone', lang });
  try {
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const vazirmatnLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Vazirmatn' && face.status === 'loaded').map((face) => face.weight);
    });
    return { fonts, vazirmatnLoaded };
  } finally {
    await context.close();
  }
}

describe('web fonts', () => {
  it('are not downloaded at all by an English page: Latin text uses system fonts', async () => {
    const { fonts, vazirmatnLoaded } = await fontsDownloaded('/', 'en');
    expect(fonts).toEqual([]);
    expect(vazirmatnLoaded).toEqual([]);
  });

  it('are the two small Persian subsets of Vazirmatn on a Persian page, used for its text', async () => {
    const { fonts, vazirmatnLoaded } = await fontsDownloaded('/?lang=fa', 'fa');
    expect(fonts.sort()).toEqual([expect.stringMatching(/\/assets\/vazirmatn-persian-400-[\w-]+\.woff2$/), expect.stringMatching(/\/assets\/vazirmatn-persian-700-[\w-]+\.woff2$/)]);
    expect(vazirmatnLoaded.sort()).toEqual(['400', '700']);
  });
});
