import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { formatDate } from '../../src/client/lib/format.ts';
import { makeContent } from '../factories/index.ts';
import { backdate } from '../factories/public-content.ts';
import { browserAndSiteForFile, newContext, startSite, type Site } from './support/site.ts';
import { openPage, visit, type Lang } from './support/public-site.ts';

/**
 * A fresh install as the walk-through found it: no social link or contact address configured, no
 * PUBLIC_URL (the site names itself http://localhost:PORT), a few items published moments ago.
 */
let browser: Browser;
let site: Site;
browserAndSiteForFile(
  () => startSite(),
  (started) => ([browser, site] = started),
);

const common = { en: enCommon, fa: faCommon } as const;
const texts = { en: enPublic, fa: faPublic } as const;
let justPublished: Date;
beforeAll(async () => {
  const earlier = await makeContent(site.deps, 'news', { category: 'top' });
  await backdate(site.deps, 'posts', earlier.id, new Date(Date.now() - 3 * 3_600_000));
  justPublished = (await makeContent(site.deps, 'news', { category: 'top' })).createdAt;
});

const hydrationProblems = (errors: string[]) => errors.filter((text) => /hydrat|did not match|mismatch|#418|#423|#425/i.test(text));

/** A page with scripts turned off, as Tor Browser's Safest level loads it. */
async function withoutScripts(lang: Lang, path: string, read: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url, locale: lang === 'fa' ? 'fa-IR' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
  const page = await context.newPage();
  await page.goto(path);
  await read(page);
  await context.close();
}

describe('publication times', () => {
  it.each(['en', 'fa'] as const)('are dates without scripts, and with them a relative time that keeps up with the clock (%s)', async (lang) => {
    const date = formatDate(justPublished, lang);
    // The server's (and the cache's) answer, read without scripts: the date, in the reader's calendar.
    await withoutScripts(lang, '/', async (page) => {
      const time = page.getByTestId('lead-story').locator('time');
      expect(await time.innerText()).toBe(date);
      expect(await time.getAttribute('datetime')).toBe(justPublished.toISOString());
    });

    const { context, page, consoleErrors } = await openPage(browser, site, { lang, viewport: 'phone' });
    await page.clock.install();
    await visit(page, '/');
    const time = page.getByTestId('lead-story').locator('time');
    await page.waitForFunction((element) => element?.getAttribute('title') !== null, await time.elementHandle());
    expect(await time.innerText()).toBe(lang === 'fa' ? 'اکنون' : 'now');
    expect(await time.getAttribute('title')).toBe(date);
    expect(await time.getAttribute('datetime')).toBe(justPublished.toISOString());
    // The top news list beside it too.
    expect(await page.getByTestId('top-news-item').locator('time').first().innerText()).toBe(lang === 'fa' ? '۳ ساعت پیش' : '3 hours ago');

    // Six minutes later the reader still has the page open: it says so without a reload.
    await page.clock.fastForward('06:00');
    const later = lang === 'fa' ? '۶ دقیقه پیش' : '6 minutes ago';
    await page.waitForFunction(([element, text]) => element?.textContent === text, [await time.elementHandle(), later] as const);
    expect(hydrationProblems(consoleErrors)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a site without social links', () => {
  it.each(['en', 'fa'] as const)('shows no band or heading inviting readers to follow it, with or without scripts (%s)', async (lang) => {
    for (const path of ['/', '/contact']) {
      await withoutScripts(lang, path, async (page) => {
        expect(await page.getByTestId('social-section').count(), path).toBe(0);
        expect(await page.locator('#contact-social-heading').count(), path).toBe(0);
        expect(await page.locator('body').innerText(), path).not.toContain(texts[lang].social.text);
      });
    }
    const { context, page, consoleErrors } = await openPage(browser, site, { lang, viewport: 'desktop' });
    for (const path of ['/', '/contact']) {
      await visit(page, path);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('social-section').count(), path).toBe(0);
      expect(await page.locator('#contact-social-heading').count(), path).toBe(0);
      expect(await page.getByTestId('social-links').count(), path).toBe(0);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the about page', () => {
  it.each(['en', 'fa'] as const)('names the site the same way before and after scripts run, once, never by the browser’s host (%s)', async (lang) => {
    let served = '';
    await withoutScripts(lang, '/about', async (page) => {
      served = await page.getByTestId('site-footer').innerText();
    });
    const { context, page, consoleErrors } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, '/about');
    await page.waitForLoadState('networkidle');
    const body = await page.locator('body').innerText();
    expect(body).not.toContain(new URL(site.url).host);
    expect(body.split('©')).toHaveLength(2);
    expect(await page.getByTestId('site-footer').innerText()).toBe(served);
    expect(served).toContain(common[lang].siteName);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('hydrates a page cached before the new year without an error, keeping the year it was written with', async () => {
    const context = await newContext(browser, site, { lang: 'fa', viewport: 'phone' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The reader's clock is past Nowruz and 1 January; the server's page was written before them.
    await page.clock.install({ time: Date.now() + 366 * 86_400_000 });
    await visit(page, '/about');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('site-footer').innerText()).toContain(formatDate(new Date(), 'fa', { year: 'numeric' }));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a not-found page', () => {
  it.each([
    ['en', 'News not found'],
    ['fa', 'خبر پیدا نشد'],
  ] as const)('keeps its title without a full stop once scripts run (%s)', async (lang, part) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/news/999999');
    expect(await page.title()).toBe(`${part} — ${common[lang].siteName}`);
    await context.close();
  });
});
