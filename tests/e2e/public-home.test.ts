import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { excerpt } from '../../src/shared/text.ts';
import { publicCaller } from '../setup/callers.ts';
import { browserAndSiteForFile, newContext, type Site } from './support/site.ts';
import {
  failProcedures,
  holdRequests,
  navigate,
  openPage,
  recordProcedureCalls,
  settled,
  siteEnv,
  snap,
  startSeededSite,
  visit,
} from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;
const common = { en: enCommon, fa: faCommon } as const;
const persianDigits = ['۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹'];

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site }] = started));

describe.each(['en', 'fa'] as const)('the home page in %s', (lang) => {
  it('leads with top news: one large story and the next nine numbered from 1, titles cut at 50 and previews at 70 characters', async () => {
    const top = (await publicCaller(site.deps).news.list({ category: 'top', pageSize: 10 })).items;
    expect(top).toHaveLength(10);
    const title = (item: (typeof top)[number]) => (lang === 'fa' ? item.titleFa : item.titleEn);
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, '/');
    const lead = page.getByTestId('top-news').getByTestId('lead-story');
    expect(await lead.getByTestId('card-title').innerText()).toBe(excerpt(title(top[0]!), 50));
    expect(title(top[0]!).length).toBeGreaterThan(50);
    expect(await lead.getByTestId('card-preview').innerText()).toBe(excerpt(lang === 'fa' ? top[0]!.descriptionFa : top[0]!.descriptionEn, 70));
    expect((await lead.getByTestId('card-preview').innerText()).endsWith('…')).toBe(true);
    // About two thirds of the width, with an image at most 430 px high.
    const leadBox = (await page.getByTestId('top-news').locator(':scope > div').first().boundingBox())!;
    const sectionBox = (await page.getByTestId('top-news').boundingBox())!;
    expect(leadBox.width / sectionBox.width).toBeGreaterThan(0.6);
    expect(leadBox.width / sectionBox.width).toBeLessThan(0.72);
    expect((await lead.locator('picture, img').first().boundingBox())!.height).toBeLessThanOrEqual(430);

    const side = page.getByTestId('top-news-side');
    expect(await side.locator('h2').innerText()).toBe(texts[lang].topNews);
    expect(await side.getByTestId('top-news-number').allInnerTexts()).toEqual(lang === 'fa' ? persianDigits : ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(await side.getByTestId('top-news-title').allInnerTexts()).toEqual(top.slice(1, 10).map((item) => excerpt(title(item), 50)));
    await snap(page, `home-top-${lang}`);
    await context.close();
  });

  it('shows 8 latest news, 1 + 4 articles and 8 reports, each block with a "view more" link whose arrow follows the language', async () => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, '/');
    const articles = (await publicCaller(site.deps).articles.list({ pageSize: 5 })).items;
    expect(await page.getByTestId('latest-news').getByTestId('content-card').count()).toBe(8);
    expect(await page.getByTestId('home-articles').getByTestId('lead-story').getByTestId('card-title').innerText()).toBe(
      excerpt(lang === 'fa' ? articles[0]!.titleFa : articles[0]!.titleEn, 50),
    );
    expect(await page.getByTestId('home-articles').getByTestId('content-card').count()).toBe(4);
    expect(await page.getByTestId('home-reports').getByTestId('content-card').count()).toBe(8);
    const more = page.getByTestId('view-more');
    expect(await more.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['/latestnews', '/articles', '/reports']);
    expect((await more.first().innerText()).split('\n')[0]).toBe(texts[lang].viewMore);
    const scales = await page.getByTestId('view-more-arrow').evaluateAll((arrows) => arrows.map((arrow) => getComputedStyle(arrow).scale));
    expect(new Set(scales)).toEqual(new Set([lang === 'fa' ? '-1 1' : 'none']));
    // Every preview is at most 70 characters plus '...'.
    for (const preview of await page.getByTestId('card-preview').allInnerTexts())
      expect(Array.from(preview.replace(/\.\.\.$/, '')).length).toBeLessThanOrEqual(70);
    await context.close();
  });
});

describe('the social section', () => {
  it('has a title, an invitation and three round links from the configuration that open in a new tab', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'phone' });
    await visit(page, '/home');
    const section = page.getByTestId('social-section');
    expect(await section.locator('h2').innerText()).toBe(faPublic.social.title);
    expect(await section.locator('p').first().innerText()).toBe(faPublic.social.text);
    const links = section.locator('a');
    expect(
      await links.evaluateAll((anchors) =>
        anchors.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel'), a.getAttribute('aria-label')]),
      ),
    ).toEqual([
      [siteEnv.FACEBOOK_URL, '_blank', 'noopener noreferrer', 'ما را در فیسبوک دنبال کنید'],
      [siteEnv.TWITTER_URL, '_blank', 'noopener noreferrer', 'ما را در توییتر دنبال کنید'],
      [`mailto:${siteEnv.CONTACT_EMAIL}`, '_blank', 'noopener noreferrer', 'با ما از راه ایمیل مکاتبه کنید'],
    ]);
    const box = (await links.first().boundingBox())!;
    expect(box.width).toBe(box.height);
    expect(await links.first().evaluate((a) => getComputedStyle(a).borderRadius)).not.toBe('0px');
    // Still for readers who asked for less motion.
    expect(await links.evaluateAll((anchors) => anchors.map((a) => getComputedStyle(a).animationName))).toEqual(['none', 'none', 'none']);
    await context.close();
  });

  it('bobs in a 3 s loop with 0.4 s between the icons when motion is welcome', async () => {
    const context = await browser.newContext({ baseURL: site.url, reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await visit(page, '/');
    const timing = await page
      .getByTestId('social-section')
      .locator('a')
      .evaluateAll((anchors) =>
        anchors.map((a) => [getComputedStyle(a).animationDuration, getComputedStyle(a).animationDelay, getComputedStyle(a).animationIterationCount]),
      );
    expect(timing).toEqual([
      ['3s', '0s', 'infinite'],
      ['3s', '0.4s', 'infinite'],
      ['3s', '0.8s', 'infinite'],
    ]);
    await context.close();
  });
});

describe('loading and failure', () => {
  it.each(['en', 'fa'] as const)('covers the screen with a Loading spinner until the lists arrive (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    // The server renders a first visit with its data; the spinner is for arriving from another page.
    await visit(page, '/about');
    const release = await holdRequests(page);
    await page.getByTestId('logo').locator('visible=true').click();
    const spinner = page.locator('main [role="status"]');
    await spinner.waitFor();
    expect(await spinner.innerText()).toBe(common[lang].loading);
    // The chunk's fallback hands over to the page's own spinner: measure whichever is on screen.
    await expect.poll(async () => (await spinner.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(812 * 0.6 - 1);
    await snap(page, `home-loading-${lang}`);
    release();
    await settled(page);
    expect(await page.getByTestId('top-news').count()).toBe(1);
    await context.close();
  });

  it.each([
    ['en', 'INTERNAL_SERVER_ERROR'],
    ['fa', 'BAD_REQUEST'],
  ] as const)('shows "Error: " and what went wrong, centred, when a list fails (%s, %s)', async (lang, code) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    // A server error is retried twice before the message shows; a refused request is not retried.
    await visit(page, '/about');
    await failProcedures(page, { 'articles.list': { message: 'Database unavailable', code } });
    await page.getByTestId('logo').locator('visible=true').click();
    const heading = page.getByTestId('error-message');
    await heading.waitFor({ timeout: 15_000 });
    // Our server's own refusal is shown as it came; a server fault becomes a translated sentence (details go to the console).
    expect(await heading.innerText()).toBe(`${common[lang].error}${code === 'BAD_REQUEST' ? 'Database unavailable' : common[lang].failure.server}`);
    expect(await heading.evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
    await context.close();
  });
});

describe('data on the page', () => {
  it('keeps the lists it fetched: coming back home asks the server for nothing', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/');
    const calls = recordProcedureCalls(page);
    await page.getByTestId('view-more').first().click();
    await settled(page);
    await page.getByTestId('logo').locator('visible=true').click();
    await settled(page);
    expect(await page.getByTestId('latest-news').getByTestId('content-card').count()).toBe(8);
    // The news page needed its own page of 13; the home lists came from the cache.
    expect(calls.filter((name) => name !== 'news.list')).toEqual([]);
    expect(calls.filter((name) => name === 'news.list')).toHaveLength(1);
    await context.close();
  });

  it('builds image URLs under /storage/, loads only the first screen at once, and sizes every image', async () => {
    const context = await newContext(browser, site, { viewport: 'phone', lang: 'en' });
    const page = await context.newPage();
    await visit(page, '/');
    const images = await page.locator('main img').evaluateAll((elements) =>
      elements.map((img) => ({
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset') ?? '',
        alt: img.getAttribute('alt'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        top: img.getBoundingClientRect().top,
      })),
    );
    expect(images.length).toBeGreaterThan(20);
    for (const image of images) {
      expect(image.src).toMatch(/^\/storage\/images\/[a-z0-9]+-w960\.jpg$/);
      expect(image.srcset).toContain('-w480.jpg 480w');
      expect(image.alt).toBeTruthy();
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      if (image.top > 812 * 2) expect(image.loading).toBe('lazy');
    }
    expect(images[0]!.loading).toBe('eager');
    // A phone downloads the small variants, in a modern format.
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/storage/')),
    );
    expect(loaded.length).toBeGreaterThan(0);
    for (const name of loaded) expect(name).toMatch(/-w480\.avif$/);
    await context.close();
  });
});

describe('navigation', () => {
  it('reaches the news list from the header and a story from a card', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/');
    await page.getByTestId('latest-news').getByTestId('card-title').first().click();
    await settled(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/news\/\d+(-[^/]+)?$/);
    await navigate(page, '/home');
    expect(await page.getByTestId('top-news').count()).toBe(1);
    await context.close();
  });
});
