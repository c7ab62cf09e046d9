import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enAdmin from '../../src/client/locales/en/admin.json' with { type: 'json' };
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import { limits } from '../../src/shared/limits.ts';
import { makeContact } from '../factories/index.ts';
import { editorCaller, makePost } from '../factories/public-content.ts';
import { expectToast, field, openAdmin } from './support/admin.ts';
import { navigateNow, openPage, settled, snap, visit } from './support/public-site.ts';
import { browserAndSiteForFile, matchesOf, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
let longTitleId: number;
const longUrl = `https://example.org/reports/${'women-rights-'.repeat(12)}${'x'.repeat(60)}`;

browserAndSiteForFile(
  () => startSite({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' }),
  (started) => ([browser, site] = started),
);
beforeAll(async () => {
  // Fourteen news, two tagged top; the newest has a long unbroken link as its title.
  for (let index = 0; index < 14; index++) {
    await makePost(site.deps, 'news', {
      titleEn: index === 0 ? longUrl : `News item number ${index + 1}`,
      titleFa: index === 0 ? longUrl : `خبر شمارهٔ ${index + 1}`,
      descriptionEn: index === 0 ? `Read more at ${longUrl}` : 'A short description.',
      descriptionFa: index === 0 ? `بیشتر در ${longUrl}` : 'توضیحی کوتاه.',
      category: index === 5 || index === 9 ? 'top' : null,
      hoursAgo: index + 1,
    });
  }
  longTitleId = (await (await editorCaller(site.deps)).news.list({ pageSize: 1 })).items[0]!.id;
  const caller = await editorCaller(site.deps);
  await caller.gallery.create({ name: 'Women reading together', nameFa: 'زنانی که با هم کتاب می‌خوانند', videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('reading on a phone', () => {
  it.each(['en', 'fa'] as const)('a long link in a title never makes the page scroll sideways at 375 px (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    for (const path of ['/', '/latestnews', `/news/${longTitleId}`]) {
      await visit(page, path);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    await snap(page, `polish-long-title-detail-${lang}-375`);
    await context.close();
  });
});

describe('the home page', () => {
  it.each([
    ['en', 'desktop', 1280],
    ['fa', 'phone', 375],
  ] as const)(
    'fills the top block with the newest news when only two are tagged top, and shows every recent item once (%s, %s)',
    async (lang, viewport, width) => {
      const { context, page } = await openPage(browser, site, { lang, viewport });
      await visit(page, '/');
      const side = page.getByTestId('top-news-side').getByTestId('top-news-title');
      expect(await side.count()).toBe(9);
      // Seen, not only in the page: a phone reader must reach the nine as well.
      for (const title of await matchesOf(side)) expect(await title.isVisible()).toBe(true);
      const lead = await page.getByTestId('top-news').getByTestId('lead-story').getByTestId('card-title').innerText();
      const latest = await page.getByTestId('latest-news').getByTestId('card-title').allInnerTexts();
      expect(latest.length).toBeGreaterThan(0);
      const shown = [lead, ...(await side.allInnerTexts()), ...latest];
      expect(new Set(shown).size).toBe(shown.length);
      await snap(page, `polish-home-${lang}-${width}`);
      await context.close();
    },
  );
});

describe('failures a reader can meet', () => {
  it('a proxy answering an HTML 502 gets the Persian sentence and Try again, never "Unexpected token"', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'phone' });
    await visit(page, '/about');
    await page.route(/\/trpc\//, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
    );
    await navigateNow(page, '/latestnews');
    const message = page.getByTestId('error-message');
    await message.waitFor({ timeout: 20_000 });
    expect(await message.innerText()).toBe(faCommon.error + faCommon.failure.proxy);
    expect(await page.locator('main').innerText()).not.toMatch(/Unexpected|JSON|502/);
    await snap(page, 'polish-proxy-error-fa-375');
    await page.unroute(/\/trpc\//);
    await page.getByTestId('try-again').click();
    // The message stays until the retried request answers, so wait for it to go rather than for a settled page.
    await message.waitFor({ state: 'detached', timeout: 20_000 });
    await settled(page);
    expect(await page.locator('main').getByTestId('card-title').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a story sent while the connection is down gets a translated sentence with Try again, which sends it', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/yourStory');
    await page.route(/\/trpc\/stories\.create/, (route) => route.abort('internetdisconnected'));
    await page.getByLabel(/^Title/).fill('My story');
    await page.getByLabel(/^Description|^Your story/).fill('What happened to me.');
    await page.getByTestId('story-form').getByTestId('submit').click();
    const toast = page.locator('[data-toast="error"]');
    await toast.waitFor();
    expect(await toast.innerText()).toContain(enCommon.failure.network);
    await page.unroute(/\/trpc\/stories\.create/);
    await toast.getByTestId('toast-try-again').click();
    await page.locator('[data-toast="success"]').waitFor();
    await context.close();
  });
});

describe('limits', () => {
  it.each(['en', 'fa'] as const)('a 10,000-character title stays whole, the counter says how much is too many, and nothing is sent (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/yourStory');
    const title = page.getByTestId('story-form').locator('input[name="title"]');
    await title.fill('t'.repeat(10_000));
    expect((await title.inputValue()).length).toBe(10_000);
    const counter = page.getByTestId('story-form').getByTestId('length-counter').first();
    const overBy = 10_000 - limits.title;
    expect(await counter.innerText()).toBe(
      lang === 'fa'
        ? `۹٬۷۰۰ نویسه بیش از حد مجاز؛ حداکثر ۳۰۰ نویسه پذیرفته می‌شود.`
        : `${overBy.toLocaleString('en-GB')} characters too many: at most ${limits.title} are allowed.`,
    );
    await snap(page, `polish-counter-${lang}-375`);
    await context.close();
  });
});

describe('the gallery', () => {
  it('shows each item’s name in the reader’s language', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'desktop' });
    await visit(page, '/gallery');
    expect(await page.getByTestId('gallery-name').allInnerTexts()).toEqual(['زنانی که با هم کتاب می‌خوانند']);
    await snap(page, 'polish-gallery-fa-1280');
    await context.close();
    const english = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await visit(english.page, '/gallery');
    expect(await english.page.getByTestId('gallery-name').allInnerTexts()).toEqual(['Women reading together']);
    await english.context.close();
  });
});

describe('the admin panel', () => {
  it.each(['en', 'fa'] as const)('a visitor’s name with a direction override reads as typed in the inbox (%s)', async (lang) => {
    // Sent as a visitor's browser sends it: through the public API, with the override typed in.
    const sent = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: 'Eve \u202Eevil.exe\u202C', email: `eve-${lang}@example.org`, message: 'Hello \u202Edlrow' }),
    });
    expect(sent.status).toBe(201);
    const { context, page } = await openAdmin(browser, site, '/admin/contacts', { lang, viewport: 'desktop' });
    const name = page.getByTestId('contact-name').filter({ hasText: 'Eve' }).first();
    await name.waitFor();
    expect(await name.innerText()).toBe('Eve evil.exe');
    // Every character sits to the right of the one typed before it.
    const lefts = await name.evaluate((element) => {
      const text = element.firstChild!;
      return Array.from({ length: text.textContent!.length }, (_, index) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      });
    });
    for (let index = 1; index < lefts.length; index++) expect(lefts[index]!).toBeGreaterThanOrEqual(lefts[index - 1]!);
    await context.close();
  });

  it('opening a message marks it read', async () => {
    const id = await makeContact(site.deps, { name: 'Maryam Opened' });
    const { context, page } = await openAdmin(browser, site, '/admin/contacts', { lang: 'en', viewport: 'phone' });
    await page.getByTestId('contact-row').filter({ hasText: 'Maryam Opened' }).getByRole('button', { name: /^Open/ }).click();
    await page.getByTestId('contact-dialog').getByRole('button', { name: enAdmin.contacts.actions.pending }).waitFor();
    const { caller } = { caller: await editorCaller(site.deps) };
    await expect.poll(async () => (await caller.contacts.byId({ id })).status).toBe('read');
    await context.close();
  });

  it.each(['en', 'fa'] as const)('the pagination’s Next chevron, and every directional icon, point along the reading direction (%s)', async (lang) => {
    const { context, page } = await openAdmin(browser, site, '/admin/news/all', { lang, viewport: lang === 'fa' ? 'phone' : 'desktop' });
    const nav = page.locator('nav').filter({ has: page.getByRole('button', { name: lang === 'fa' ? 'بعدی' : 'Next' }) });
    await nav.waitFor();
    // The Next chevron's tip is on the reading end of its box: right in English, left in Persian.
    const tipSide = await nav
      .locator('button')
      .last()
      .locator('svg')
      .evaluate((svg) => {
        const path = svg.querySelector('path')!;
        const box = svg.getBoundingClientRect();
        const length = path.getTotalLength();
        const tip = path.getPointAtLength(length / 2);
        const matrix = path.getScreenCTM()!;
        const x = tip.x * matrix.a + tip.y * matrix.c + matrix.e;
        return x > box.left + box.width / 2 ? 'right' : 'left';
      });
    expect(tipSide).toBe(lang === 'fa' ? 'left' : 'right');
    const scales = await page.locator('svg[data-icon-directional]').evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).scale));
    expect(scales.length).toBeGreaterThan(2);
    expect(new Set(scales)).toEqual(new Set([lang === 'fa' ? '-1 1' : 'none']));
    await nav.scrollIntoViewIfNeeded();
    await snap(page, `polish-admin-pagination-${lang}`);
    await context.close();
  });

  it('after saving an edit, the list shows the edited item in view with focus on it', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/news/all?page=2', { lang: 'en', viewport: 'phone' });
    const card = page.getByTestId('admin-card').last();
    await card.waitFor();
    const id = Number(await card.getAttribute('data-item-id'));
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('link', { name: /^Edit/ }).click();
    await field(page, 'Title (English)').fill('An edited title');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, /updated/i);
    await page.waitForURL('**/admin/news/all?page=2');
    const edited = page.locator(`[data-item-id="${id}"]`);
    await edited.getByText('An edited title').waitFor();
    await expect.poll(() => edited.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const box = (await edited.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height / 2).toBeLessThanOrEqual(812);
    await context.close();
  });
});

describe('screenshots to look at', () => {
  it.each([
    ['en', 'phone'],
    ['fa', 'phone'],
    ['en', 'desktop'],
    ['fa', 'desktop'],
  ] as const)('home and story form (%s, %s)', async (lang, viewport) => {
    const width = viewport === 'phone' ? 375 : 1280;
    const { context, page } = await openPage(browser, site, { lang, viewport });
    await visit(page, '/');
    await snap(page, `polish-home-${lang}-${width}`);
    await visit(page, '/yourStory');
    await page.getByTestId('story-form').locator('input[name="title"]').fill('x'.repeat(290));
    await snap(page, `polish-story-${lang}-${width}`);
    await context.close();
  });
});
