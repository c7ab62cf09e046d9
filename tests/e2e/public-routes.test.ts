import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { formatDate } from '../../src/client/lib/format.ts';
import { kindOfSection } from '../../src/shared/content-kinds.ts';
import { publicCaller } from '../setup/callers.ts';
import { demoGallery } from '../../src/server/db/demo-content.ts';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import {
  documentLanguage,
  expectAccessible,
  navigate,
  openPage,
  snap,
  startSeededSite,
  visit,
  type Lang,
  type SeedManifest,
  type Viewport,
} from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;
const common = { en: enCommon, fa: faCommon } as const;
const persianDigit = /[۰-۹]/;

let browser: Browser;
let site: Site;
let seed: SeedManifest;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site, seed }] = started));

const title = (page: Page) => page.getByTestId('page-title').innerText();

interface Screen {
  name: string;
  path: () => string;
  check(page: Page, lang: Lang, viewport: Viewport): Promise<void>;
}

/** One entry per public route of the original site (and the stories and country pages this project adds). */
const screens: Screen[] = [
  ...['/', '/home'].map((path) => ({
    name: path === '/' ? 'home' : 'home-alias',
    path: () => path,
    async check(page: Page, lang: Lang) {
      expect(await page.locator('h1').first().innerText()).toBe(common[lang].siteName);
      await page.getByTestId('lead-story').nth(1).waitFor();
      expect(await page.getByTestId('lead-story').count()).toBe(2);
      // Beside the lead on a desktop, below it on a phone: a phone reader sees the nine too.
      expect(await page.getByTestId('top-news-side').isVisible()).toBe(true);
      expect(await page.getByTestId('latest-news').getByTestId('content-card').count()).toBe(8);
      expect(await page.getByTestId('home-articles').getByTestId('content-card').count()).toBe(4);
      expect(await page.getByTestId('home-reports').getByTestId('content-card').count()).toBe(8);
      expect(await page.locator('#social-heading').innerText()).toBe(texts[lang].social.title);
    },
  })),
  {
    name: 'about',
    path: () => '/about',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].about.title);
      expect(await page.getByTestId('about-header').innerText()).toBe(texts[lang].about.header);
      expect(await page.locator('#cover-heading').innerText()).toBe(texts[lang].about.coverTitle);
      expect(await page.locator('#join-heading').innerText()).toBe(texts[lang].about.joinTitle);
      // The copyright is the site footer's alone, naming the site, never the host the browser used.
      expect(await page.getByTestId('about-footer').count()).toBe(0);
      const footer = await page.getByTestId('site-footer').innerText();
      expect(footer).toContain(texts[lang].footer.rights);
      expect(footer).toContain(`${formatDate(new Date(), lang, { year: 'numeric' })} ${common[lang].siteName}`);
      expect(await page.locator('body').innerText()).not.toContain(new URL(site.url).host);
    },
  },
  {
    name: 'search',
    path: () => '/search?q=women',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].search.title);
      await page.getByTestId('search-result').first().waitFor();
      expect(await page.getByTestId('search-filters').getByRole('button').count()).toBeGreaterThan(2);
    },
  },
  {
    name: 'contact',
    path: () => '/contact',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].contact.title);
      for (const label of [
        texts[lang].contact.fields.name,
        texts[lang].contact.fields.email,
        texts[lang].contact.fields.message,
        texts[lang].contact.fields.image,
      ]) {
        expect(await page.getByLabel(label, { exact: false }).count(), label).toBeGreaterThan(0);
      }
      expect(await page.getByTestId('contact-email').innerText()).toBe('desk@womens-rights.example');
      expect(
        await page
          .getByTestId('contact-details')
          .getByRole('link', { name: texts[lang].social.followUsOn.replace('{{network}}', texts[lang].social.networks.facebook) })
          .count(),
      ).toBe(1);
    },
  },
  ...(['/latestNews', '/latestnews'] as const).map((path) => ({
    name: path === '/latestNews' ? 'news-list-camel' : 'news-list',
    path: () => path,
    async check(page: Page, lang: Lang) {
      expect(await title(page)).toBe(texts[lang].list.news.title);
      expect(await page.getByTestId('featured').getByTestId('lead-story').count()).toBe(1);
      expect(await page.getByTestId('content-grid').getByTestId('content-card').count()).toBe(12);
      const pages = await page.getByTestId('pagination').innerText();
      expect(pages).toContain(lang === 'fa' ? 'صفحه ۱ از ۲' : 'Page 1 of 2');
    },
  })),
  {
    name: 'articles-list',
    path: () => '/articles',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].list.article.title);
      expect(await page.getByTestId('content-grid').getByTestId('content-card').count()).toBe(5);
      expect(await page.getByTestId('pagination').count()).toBe(0);
    },
  },
  {
    name: 'reports-list',
    path: () => '/reports',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].list.report.title);
      expect(await page.getByTestId('content-grid').getByTestId('content-card').count()).toBe(8);
    },
  },
  ...(['news', 'articles', 'reports'] as const).map((section) => ({
    name: `${section}-detail`,
    path: () => `/${section}/${seed[section][1]}`,
    async check(page: Page, lang: Lang) {
      const router = section === 'news' ? 'news' : section;
      const item = await publicCaller(site.deps)[router].byId({ id: seed[section][1]! });
      expect(await page.getByTestId('detail-title').innerText()).toBe(lang === 'fa' ? item.titleFa : item.titleEn);
      const kind = kindOfSection(section)!;
      expect(await page.getByTestId('back-button').innerText()).toBe(texts[lang].detail.backTo[kind]);
      const date = await page.getByTestId('detail').locator('time').first().innerText();
      expect(date).toBe(formatDate(item.createdAt, lang));
      if (lang === 'fa') expect(date).toMatch(persianDigit);
      // Paragraphs stay paragraphs.
      const description = lang === 'fa' ? item.descriptionFa : item.descriptionEn;
      expect(await page.getByTestId('prose').locator('p').count()).toBe(description.split(/\n\s*\n/).length);
    },
  })),
  {
    name: 'gallery',
    path: () => '/gallery',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].gallery.title);
      expect(await page.getByTestId('gallery-item').count()).toBe(7);
      expect(await page.getByText(texts[lang].gallery.noMedia, { exact: true }).count()).toBe(1);
      expect(await page.getByTestId('video-poster').count()).toBe(1);
      // Each language's own name: a Persian reader never gets the English one.
      expect(await page.getByTestId('gallery-name').first().innerText()).toBe(lang === 'fa' ? demoGallery[0]!.nameFa : demoGallery[0]!.name);
    },
  },
  {
    name: 'your-story',
    path: () => '/yourStory',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].story.title);
      expect(await page.getByTestId('privacy-note').innerText()).toContain(texts[lang].story.privacy.title);
      expect(await page.getByTestId('story-card').count()).toBe(2);
    },
  },
  {
    name: 'story-detail',
    path: () => `/stories/${seed.stories[0]}`,
    async check(page) {
      const story = await publicCaller(site.deps).stories.publishedById({ id: seed.stories[0]! });
      expect(await page.getByTestId('detail-title').innerText()).toBe(story.title);
    },
  },
  {
    name: 'legal-list',
    path: () => '/legal-awareness',
    async check(page, lang) {
      expect(await title(page)).toBe(texts[lang].legal.title);
      expect(await page.getByTestId('legal-card').count()).toBe(6);
    },
  },
  {
    name: 'legal-detail',
    path: () => `/legal/${seed.legal[0]}`,
    async check(page, lang) {
      const item = await publicCaller(site.deps).legal.byId({ id: seed.legal[0]! });
      expect(await page.getByTestId('detail-title').innerText()).toBe(lang === 'fa' ? item.titleFa : item.titleEn);
    },
  },
  ...(['iran', 'afghanistan'] as const).map((country) => ({
    name: `country-${country}`,
    path: () => `/${country}`,
    async check(page: Page, lang: Lang) {
      expect(await title(page)).toBe(texts[lang].countries[country]);
      const labels = await page.getByTestId('category-label').allInnerTexts();
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label.toLowerCase()).toContain(texts[lang].countries[country].toLowerCase());
    },
  })),
  {
    name: 'not-found',
    path: () => '/no/such/page',
    async check(page, lang) {
      expect(await page.locator('h1').innerText()).toBe(texts[lang].notFound.text);
      expect((await page.request.get('/no/such/page')).status()).toBe(404);
      expect(await page.getByTestId('go-home').getAttribute('href')).toBe('/');
    },
  },
];

const combos = [
  ['en', 'desktop'],
  ['en', 'phone'],
  ['fa', 'desktop'],
  ['fa', 'phone'],
] as const;

// The four combinations share nothing but the server: they run side by side.
describe.concurrent('every public route', () => {
  it.each(combos)(
    'shows its real content in %s on a %s, in the right direction, with no third-party request and no serious accessibility issue',
    async (lang, viewport) => {
      const { context, page, thirdParty, consoleErrors } = await openPage(browser, site, { lang, viewport });
      try {
        for (const [index, screen] of screens.entries()) {
          // Server-rendered full loads and in-app navigations alternate, shifted per combination, so
          // every screen is both hydrated from the server's HTML and rendered by the client.
          if (index === 0 || (index + combos.findIndex(([l, v]) => l === lang && v === viewport)) % 2 === 0) await visit(page, screen.path());
          else await navigate(page, screen.path());
          expect(await documentLanguage(page), screen.name).toEqual({ lang, dir: lang === 'fa' ? 'rtl' : 'ltr' });
          await screen.check(page, lang, viewport);
          // No form a visitor types into submits by GET: what is typed must never reach an address.
          expect(await page.locator('form:not([method="post"])').count(), screen.name).toBe(0);
          // The aliases render the same screen as their main route, which axe already checks.
          if (!screen.name.endsWith('-alias') && !screen.name.endsWith('-camel')) await expectAccessible(page, `${screen.name} (${lang}, ${viewport})`);
          await snap(page, `route-${screen.name}-${lang}-${viewport}`);
        }
        expect(thirdParty).toEqual([]);
        // The 404 page's own document answers 404, which the browser reports: that one is expected.
        expect(consoleErrors.filter((text) => !text.includes('/no/such/page'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});

it('texts of the original site read exactly as it wrote them in English', () => {
  expect(enPublic.notFound.text).toBe("Oops! The page you're looking for doesn't exist.");
  expect(enPublic.notFound.home).toBe('Go Back Home');
  expect(enPublic.list.news.empty).toBe('No news available.');
  expect(enPublic.list.article.empty).toBe('No articles available.');
  expect(enPublic.list.report.empty).toBe('No reports available.');
  expect(enPublic.gallery.empty).toBe('No gallery items found.');
  expect(enPublic.gallery.error).toBe('Error loading gallery.');
  expect(enPublic.gallery.noMedia).toBe('No media available');
  expect(enPublic.legal.empty).toBe('No legal awareness items found.');
  expect(enPublic.legal.notFound).toBe('Legal awareness not found.');
  expect(enPublic.detail.notFound).toEqual({ news: 'News not found.', article: 'Article not found.', report: 'Report not found.' });
  expect(enCommon.error).toBe('Error: ');
});
