import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { makePost } from '../factories/public-content.ts';
import { openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, CHROMIUM_ARGS, CHROMIUM_PATH, viewports, type Site } from './support/site.ts';
import { openPage, settled, snap, startPublicSite, visit, type Lang } from './support/public-site.ts';

/**
 * What a browser keeps of a search once the tab is closed: no address, title, history state, form
 * field or stored page may hold its words, with or without JavaScript; and Back from a result
 * shows the results again without JavaScript (issue 21, items 3 and 4; decision 018).
 */
let browser: Browser;
let site: Site;
browserAndSiteForFile(
  async () => {
    const started = await startPublicSite();
    // Found by "bamyan quokka" (every word, any order), which no page of the site spells in that order.
    await makePost(started.deps, 'news', { titleEn: 'Quokka midwives train in Bamyan', titleFa: 'ماماهای کوکا در بامیان آموزش دیدند' });
    return started;
  },
  (started) => ([browser, site] = started),
);

const queries = { en: 'bamyan quokka', fa: 'بامیان کوکا' } as const;
const texts = { en: { ...enPublic, ...enCommon }, fa: { ...faPublic, ...faCommon } } as const;
const searchTitle = (lang: Lang) => `${texts[lang].search.title} — ${texts[lang].siteName}`;
const KEPT_ADDRESS = /^\/search\/r\/[A-Za-z0-9_-]{22}$/;

/** Every way the words may be written down: as typed, and as a form or an address encodes them. */
const encodings = (words: string) => [words, words.replace(/ /g, '+'), encodeURIComponent(words), new URLSearchParams({ q: words }).toString()];

/** The browser's session history (what it restores and records): no entry's address or title holds the words. */
async function expectHistoryWithout(context: BrowserContext, page: Page, words: string) {
  const cdp = await context.newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: { url: string; userTypedURL: string; title: string }[] };
  expect(entries.length).toBeGreaterThan(1);
  // Field by field: a result's address now ends with its title's words (decision 033), and joined
  // with a space to the next field's title it could spell the query without any field holding it.
  const kept = entries.flatMap((entry) => [entry.url, entry.userTypedURL, entry.title]).join('\n');
  for (const written of encodings(words)) expect(kept.toLowerCase()).not.toContain(written.toLowerCase());
  await cdp.detach();
}

async function expectResults(page: Page) {
  await page.getByTestId('search-result').first().waitFor();
  expect(await page.getByTestId('search-result-title').first().innerText()).toMatch(/Quokka|کوکا/);
}

describe('search without JavaScript', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`shows the results again on Back from a result, with no word of the search in the address, the title or the history (${lang}, 375 px)`, async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url, viewport: viewports.phone });
      await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      const page = await context.newPage();
      await page.goto('/search');
      const box = page.getByTestId('search-box-page').getByRole('searchbox');
      expect(await box.getAttribute('autocomplete')).toBe('off');
      await box.fill(queries[lang]);
      await Promise.all([page.waitForURL((url) => KEPT_ADDRESS.test(url.pathname)), box.press('Enter')]);
      const results = page.url();
      await expectResults(page);
      expect(await page.title()).toBe(searchTitle(lang));
      await snap(page, `search-kept-${lang}-375-nojs`);

      await Promise.all([page.waitForURL(/\/news\/\d+-[^/]+$/), page.getByTestId('search-result-title').first().click()]);
      await page.goBack();
      expect(page.url()).toBe(results);
      await expectResults(page);
      expect(await page.getByTestId('search-box-page').getByRole('searchbox').inputValue()).toBe(queries[lang]);
      // A reload shows them too: nothing asks to send a form again.
      await page.reload();
      await expectResults(page);
      expect(await page.title()).toBe(searchTitle(lang));
      await expectHistoryWithout(context, page, queries[lang]);

      // The same address in another browser: the empty search page, never the words or results.
      const other = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url, viewport: viewports.phone });
      await other.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      const stranger = await other.newPage();
      await stranger.goto(results);
      expect(await stranger.getByTestId('search-gone').innerText()).toBe(texts[lang].search.gone);
      expect(await stranger.getByTestId('search-result').count()).toBe(0);
      expect(await stranger.content()).not.toMatch(/quokka|کوکا/i);
      await snap(stranger, `search-gone-${lang}-375-nojs`);
      await other.close();
      await context.close();
    });
  }
});

describe('search with JavaScript', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`keeps the words out of the title, the address and the history state; Back, Forward and reload return to the results (${lang})`, async () => {
      const { context, page, consoleErrors } = await openPage(browser, site, { lang, viewport: lang === 'fa' ? 'phone' : 'desktop' });
      await visit(page, lang === 'fa' ? '/search' : '/latestnews');
      const box = page.getByTestId(lang === 'fa' ? 'search-box-page' : 'search-box-bar').getByRole('searchbox');
      await box.fill(queries[lang]);
      await box.press('Enter');
      await expect.poll(() => KEPT_ADDRESS.test(new URL(page.url()).pathname)).toBe(true);
      await expectResults(page);
      const results = page.url();
      expect(await page.title()).toBe(searchTitle(lang));
      const state = () => page.evaluate(() => JSON.stringify(history.state) ?? '');
      expect(await state()).not.toMatch(/quokka|کوکا/i);
      await snap(page, `search-kept-${lang}-js`);

      await page.getByTestId('search-result-title').first().click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/news\/\d+-[^/]+$/);
      await page.goBack();
      await expect.poll(() => page.url()).toBe(results);
      await expectResults(page);
      await page.goForward();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/news\/\d+-[^/]+$/);
      await page.goBack();
      await expectResults(page);
      await page.reload();
      await settled(page);
      await expectResults(page);
      expect(page.url()).toBe(results);
      expect(await page.getByTestId('search-box-page').getByRole('searchbox').inputValue()).toBe(queries[lang]);
      // A filter is a new search: a new token, the words still nowhere but the page.
      await page.getByTestId('search-filters').getByRole('button', { name: texts[lang].search.typesPlural.news }).click();
      await expect.poll(() => page.url()).not.toBe(results);
      expect(KEPT_ADDRESS.test(new URL(page.url()).pathname)).toBe(true);
      await expectResults(page);
      expect(await state()).not.toMatch(/quokka|کوکا/i);
      expect(await page.title()).toBe(searchTitle(lang));
      await expectHistoryWithout(context, page, queries[lang]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('search for editors', () => {
  it('keeps the words out of the admin search’s address, title and history, and finds them again on reload (fa)', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/search', { lang: 'fa' });
    const box = page.getByTestId('admin-search-form').getByRole('searchbox');
    await box.fill(queries.fa);
    await box.press('Enter');
    await page.waitForURL(/\/admin\/search\?s=[A-Za-z0-9_-]{22}$/);
    await page.getByTestId('admin-search-row').first().waitFor();
    const kept = async () => page.url() + (await page.title()) + (await page.evaluate(() => JSON.stringify(history.state)));
    expect(await kept()).not.toMatch(/کوکا|بامیان/);
    await page.reload();
    await page.getByTestId('admin-search-row').first().waitFor();
    expect(await box.inputValue()).toBe(queries.fa);
    expect(await kept()).not.toMatch(/کوکا|بامیان/);
    await expectHistoryWithout(context, page, queries.fa);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Every file of a closed browser's profile that holds any encoding of the words. */
function filesHolding(dir: string, words: string): string[] {
  const needles = encodings(words).flatMap((written) => [Buffer.from(written.toLowerCase()), Buffer.from(written.toLowerCase(), 'utf16le')]);
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // ASCII lower case is enough: the words searched are ASCII.
    const bytes = Buffer.from(fs.readFileSync(file).toString('latin1').toLowerCase(), 'latin1');
    if (needles.some((needle) => bytes.includes(needle))) found.push(path.relative(dir, file));
  }
  return found;
}

describe('what a browser keeps on disk', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`holds no word of a search once it is closed, with JavaScript ${javaScriptEnabled ? 'on' : 'off'}: history, session, form data and cache`, async () => {
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'search-profile-'));
      try {
        const context = await chromium.launchPersistentContext(profile, {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
          baseURL: site.url,
          javaScriptEnabled,
          viewport: viewports.desktop,
        });
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto('/search');
        if (javaScriptEnabled) await settled(page);
        const box = page.getByTestId('search-box-page').getByRole('searchbox');
        await box.fill(queries.en);
        await box.press('Enter');
        await expect.poll(() => KEPT_ADDRESS.test(new URL(page.url()).pathname)).toBe(true);
        await expectResults(page);
        await page.getByTestId('search-result-title').first().click();
        await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/news\/\d+-[^/]+$/);
        await page.goBack();
        await expectResults(page);
        await context.close();

        // The browser did write its history down (the results' address is there), and nothing of the search.
        expect(fs.readFileSync(path.join(profile, 'Default', 'History')).includes(Buffer.from('/search/r/'))).toBe(true);
        expect(filesHolding(profile, queries.en)).toEqual([]);
      } finally {
        fs.rmSync(profile, { recursive: true, force: true });
      }
    });
  }
});
