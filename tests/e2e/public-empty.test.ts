import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { expectAccessible, navigate, openPage, snap, startPublicSite, visit } from './support/public-site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startPublicSite, (started) => ([browser, site] = started));

it.each([
  ['en', enPublic],
  ['fa', faPublic],
] as const)('a site with nothing published says so on every list, in %s', async (lang, texts) => {
  const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
  await visit(page, '/');
  expect(await page.getByTestId('empty-message').innerText()).toBe(texts.home.empty);
  expect(await page.getByTestId('social-section').count()).toBe(1);
  await expectAccessible(page, `empty home (${lang})`);
  await snap(page, `empty-home-${lang}`);
  for (const [path, text] of [
    ['/latestnews', texts.list.news.empty],
    ['/articles', texts.list.article.empty],
    ['/reports', texts.list.report.empty],
    ['/gallery', texts.gallery.empty],
    ['/legal-awareness', texts.legal.empty],
    ['/iran', texts.countryPage.empty.replace('{{country}}', texts.countries.iran)],
  ] as const) {
    await navigate(page, path);
    expect(await page.getByTestId('empty-message').innerText(), path).toBe(text);
  }
  await navigate(page, '/yourStory');
  await page.getByTestId('published-stories').getByTestId('empty-message').waitFor();
  expect(await page.getByTestId('published-stories').getByTestId('empty-message').innerText()).toBe(texts.story.publishedEmpty);
  await context.close();
});
