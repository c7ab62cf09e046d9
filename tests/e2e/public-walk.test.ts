import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { makeLegalItem } from '../factories/index.ts';
import { browserAndSiteForFile, viewports, type Site } from './support/site.ts';
import { axeViolationsOf, openPage, settled, snap, startSeededSite, visit, YOUTUBE_LINK, type Lang, type SeedManifest } from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;

let browser: Browser;
let site: Site;
let seed: SeedManifest;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site, seed }] = started));

/** Tor Browser at its Safest level, on a phone: no JavaScript at all. */
async function withoutScripts(lang: Lang) {
  const context = await browser.newContext({ viewport: viewports.phone, baseURL: site.url, javaScriptEnabled: false, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
  return { context, page: await context.newPage() };
}

describe('the back link of a detail page', () => {
  const details = () =>
    [
      ['news', `/news/${seed.news[0]}`, '/latestnews', (t: (typeof texts)[Lang]) => t.detail.backTo.news],
      ['articles', `/articles/${seed.articles[0]}`, '/articles', (t: (typeof texts)[Lang]) => t.detail.backTo.article],
      ['reports', `/reports/${seed.reports[0]}`, '/reports', (t: (typeof texts)[Lang]) => t.detail.backTo.report],
      ['legal awareness', `/legal/${seed.legal[0]}`, '/legal-awareness', (t: (typeof texts)[Lang]) => t.legal.backToList],
      ['stories', `/stories/${seed.stories[0]}`, '/yourStory', (t: (typeof texts)[Lang]) => t.story.backToStories],
    ] as const;

  it.each(['en', 'fa'] as const)('leads to the list of its kind, in the page’s language, without JavaScript (%s)', async (lang) => {
    const { context, page } = await withoutScripts(lang);
    for (const [kind, detail, list, label] of details()) {
      await page.goto(detail);
      const back = page.getByTestId('back-button');
      expect(await back.innerText(), kind).toBe(label(texts[lang]));
      expect(await back.evaluate((element) => element.tagName), kind).toBe('A');
      await Promise.all([page.waitForEvent('load'), back.click()]);
      const url = new URL(page.url());
      expect(url.pathname, kind).toBe(list);
      expect(url.searchParams.get('lang'), kind).toBe(lang);
      expect(await page.locator('html').getAttribute('lang'), kind).toBe(lang);
    }
    await context.close();
  });

  it.each(['en', 'fa'] as const)('with JavaScript, goes back to the list page the reader came from, else to the list (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/latestnews?page=2');
    const card = page.getByTestId('card-title').first();
    await card.click();
    await settled(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/news\/\d+(-[^/]+)?$/);
    await page.getByTestId('back-button').click();
    // History back: the page of the list she was on, not its first page.
    await expect.poll(() => page.url()).toMatch(/\/latestnews\?page=2$/);
    // Arrived from the home page: "Back to news" leads to the news, as it says.
    await visit(page, '/');
    await page.getByTestId('card-title').first().click();
    await settled(page);
    const from = new URL(page.url()).pathname;
    const list = from.startsWith('/news/') ? '/latestnews' : from.startsWith('/articles/') ? '/articles' : '/reports';
    await page.getByTestId('back-button').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(list);
    await context.close();
  });
});

describe('the video poster on a phone', () => {
  it.each(['fa', 'en'] as const)('ends a long title with an ellipsis and keeps the player’s address whole and isolated (%s)', async (lang) => {
    const long = {
      en: 'What the new family law means for women who want to divorce, keep their children, travel abroad or work outside the home',
      fa: 'قانون تازهٔ خانواده برای زنانی که می‌خواهند طلاق بگیرند، فرزندانشان را نگه دارند، به خارج سفر کنند یا بیرون از خانه کار کنند چه معنایی دارد',
    };
    const item = await makeLegalItem(site.deps, { titleEn: long.en, titleFa: long.fa, videoLink: YOUTUBE_LINK });
    for (const scripts of [false, true]) {
      const context = await browser.newContext({ viewport: viewports.phone, baseURL: site.url, javaScriptEnabled: scripts, reducedMotion: 'reduce' });
      await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      const page = await context.newPage();
      await page.goto(`/legal/${item.id}`);
      if (scripts) await settled(page);
      await expectWholeTitleAndDomain(page, lang);
      if (lang === 'fa') await snap(page, `video-poster-fa-375-${scripts ? 'js' : 'nojs'}`);
      await context.close();
    }
  });
});

async function expectWholeTitleAndDomain(page: Page, lang: Lang) {
  const poster = page.getByTestId('video-poster-box').first();
  await poster.scrollIntoViewIfNeeded();
  const shape = await poster.evaluate((box) => {
    const title = box.querySelector<HTMLElement>('[data-testid=video-poster-title]')!;
    const notice = box.querySelector<HTMLElement>('[data-testid=video-notice]')!;
    const domain = notice.querySelector<HTMLElement>('bdi')!;
    const style = getComputedStyle(title);
    const lineHeight = parseFloat(style.lineHeight);
    const [boxRect, titleRect, noticeRect] = [box, title, notice].map((element) => element.getBoundingClientRect()) as [DOMRect, DOMRect, DOMRect];
    return {
      clamp: style.webkitLineClamp,
      overflowing: title.scrollHeight > title.clientHeight + 1,
      // A whole number of lines is shown: the box is not cut through one.
      lines: titleRect.height / lineHeight,
      inside: titleRect.top >= boxRect.top && titleRect.bottom <= noticeRect.top + 0.5,
      noticeInside: noticeRect.bottom <= boxRect.bottom + 0.5,
      domain: {
        text: domain.textContent,
        dir: domain.getAttribute('dir'),
        whiteSpace: getComputedStyle(domain).whiteSpace,
        pieces: domain.getClientRects().length,
      },
      noticeText: notice.textContent,
    };
  });
  expect(shape.clamp).toBe('2');
  expect(shape.overflowing).toBe(true);
  expect(Math.abs(shape.lines - Math.round(shape.lines))).toBeLessThan(0.05);
  expect(Math.round(shape.lines)).toBe(2);
  expect(shape.inside).toBe(true);
  expect(shape.noticeInside).toBe(true);
  expect(shape.domain).toEqual({ text: 'youtube-nocookie.com', dir: 'ltr', whiteSpace: 'nowrap', pieces: 1 });
  expect(shape.noticeText).toBe(texts[lang].video.notice.replace('{{domain}}', 'youtube-nocookie.com'));
  if (lang === 'fa') expect(shape.noticeText).not.toMatch(/[0-9]/);
}

describe('the search page', () => {
  for (const [lang, viewport] of [
    ['en', 'desktop'],
    ['fa', 'desktop'],
    ['en', 'phone'],
    ['fa', 'phone'],
  ] as const)
    it(`has search landmarks with names of their own (${lang}, ${viewport})`, async () => {
      const { context, page } = await openPage(browser, site, { lang, viewport });
      await visit(page, '/search');
      const searches = page.getByRole('search');
      const names = await searches.evaluateAll((forms) => forms.map((form) => form.getAttribute('aria-label')));
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain(texts[lang].search.pageLabel);
      expect(await axeViolationsOf(page, ['landmark-unique'])).toEqual([]);
      await context.close();
    });
});
