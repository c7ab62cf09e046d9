import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { summarise, type Transfer } from '../../bench/weight.ts';
import { repoRoot } from '../setup/paths.ts';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { openPage, startSeededSite, type SeedManifest } from './support/public-site.ts';

let browser: Browser;
let site: Site;
let seed: SeedManifest;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site, seed }] = started));

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'client', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const wakeScript = `/${manifest['src/client/wake.ts']!.file}`;
const entryScript = `/${manifest['index.html']!.file}`;

/** The budget for a first load: HTML, CSS, scripts and fonts, compressed; images not counted. */
const BUDGET = 100 * 1024;

/** What Chromium downloaded for the page so far, as the Resource Timing API reports it (compressed bytes). */
async function transfers(page: Page): Promise<Transfer[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return [
      { name: 'document', bytes: navigation.encodedBodySize },
      ...entries.map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
    ];
  });
}

const hydrated = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));

describe('the first load of a public page', () => {
  const pages = (): [string, string][] => [
    ['home', '/'],
    ['news list', '/latestnews'],
    ['news item', `/news/${seed.news[0]}`],
    ['contact form', '/contact'],
  ];

  it.each(['en', 'fa'] as const)('is at most 100 KB compressed at 412 px, fonts included, and carries no application code (%s)', async (lang) => {
    for (const [label, address] of pages()) {
      const { context, page, consoleErrors } = await openPage(browser, site, { lang });
      await page.setViewportSize({ width: 412, height: 915 });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(address, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.lang), label).toBe(lang);
      const row = summarise(label, await transfers(page));
      // Counted, not assumed: the page and its style sheet arrived, and in Persian the Persian font.
      expect(row.html, label).toBeGreaterThan(1_000);
      expect(row.css, label).toBeGreaterThan(1_000);
      if (lang === 'fa') expect(row.fonts, label).toBeGreaterThan(5_000);
      expect(row.total, `${label} (${lang}): ${JSON.stringify(row)}`).toBeLessThanOrEqual(BUDGET);
      // A reader who only reads downloads the small waking script and nothing of the application.
      expect(scripts, label).toEqual([wakeScript]);
      expect(await hydrated(page), label).toBe(false);
      expect(consoleErrors, label).toEqual([]);
      await context.close();
    }
  });

  it('stays asleep while a reader scrolls, opens the menu and follows a link', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'phone' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.mouse.wheel(0, 1500);
    await page.getByTestId('plain-menu-button').click();
    await page.getByTestId('plain-menu-panel').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([wakeScript]);
    // A link is followed as a page load, and the next page sleeps too (its waking script comes from the browser's cache).
    await page.getByTestId('plain-menu-panel').getByRole('link').first().click();
    await page.waitForLoadState('networkidle');
    expect(await hydrated(page)).toBe(false);
    expect(scripts.filter((script) => script !== wakeScript)).toEqual([]);
    await context.close();
  });

  it('wakes when a reader enters a field: the form is then checked and sent by the application, with what she typed before it came', async () => {
    const { context, page, consoleErrors } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/contact', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([wakeScript]);
    const form = page.getByTestId('contact-form');
    await form.locator('[name=name]').fill('Shirin');
    await form.locator('[name=email]').fill('not an address');
    await form.locator('[name=message]').fill('Written while the page woke.');
    // Hydration runs as a transition: the container key appears when it starts, and the header's plain
    // (script-free) menu gives way to the drawer's button once it has finished. A press before that
    // is the plain form's, posted as without scripts.
    await page.waitForFunction(
      () =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')) &&
        !document.querySelector('[data-testid=site-header] [data-testid=plain-menu]'),
    );
    expect(scripts).toContain(entryScript);
    await form.getByTestId('submit').click();
    // Checked in the page (no request, no reload): only the application does that.
    await page.getByText('Enter a valid e-mail address.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await form.locator('[name=name]').inputValue()).toBe('Shirin');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each(['en', 'fa'] as const)('opens a video in place when its poster is pressed before the application has come, and opens no tab (%s)', async (lang) => {
    const { context, page, consoleErrors } = await openPage(browser, site, { lang, viewport: 'phone' });
    const tabs: Page[] = [];
    context.on('page', (opened) => tabs.push(opened));
    // Held, so the press surely comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${entryScript}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/gallery', { waitUntil: 'domcontentloaded' });
    const poster = page.getByTestId('video-poster').first();
    await poster.click();
    expect(await hydrated(page)).toBe(false);
    release();
    await page.getByTestId('video-iframe').first().waitFor();
    expect(await page.getByTestId('video-iframe').first().getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/);
    expect(tabs).toEqual([]);
    expect(consoleErrors.filter((error) => !/youtube-nocookie|ERR_/.test(error))).toEqual([]);
    await context.close();
  });
});
