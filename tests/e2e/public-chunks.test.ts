import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { repoRoot } from '../setup/paths.ts';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { holdRequests, openPage, settled, startSeededSite, visit } from './support/public-site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site }] = started));

/** The built file of a source module, from the manifest the server reads too. */
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'client', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const chunkOf = (src: string) => `/${manifest[src]!.file}`;
const chunks = {
  home: chunkOf('src/client/pages/public/home-page.tsx'),
  detail: chunkOf('src/client/pages/public/content-detail-page.tsx'),
  en: chunkOf('src/client/locales/en.ts'),
  fa: chunkOf('src/client/locales/fa.ts'),
};

/** The scripts the page downloads from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('code splitting', () => {
  it('gives the home page, once woken, its own chunk and its language, and not the detail page or the other language', async () => {
    // The page names none of them: the application is fetched when the reader starts using the page (docs/decisions/039).
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain(chunks.home);
    expect(html).toContain(`data-entry="/${manifest['index.html']!.file}"`);

    const { context, page, consoleErrors } = await openPage(browser, site, { lang: 'en' });
    const scripts = recordScripts(page);
    await visit(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(expect.arrayContaining([chunks.home, chunks.en]));
    expect(scripts).not.toContain(chunks.detail);
    expect(scripts).not.toContain(chunks.fa);

    // A click on a story fetches the detail page's chunk and shows it, without loading a new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('top-news').getByTestId('card-title').first().click();
    await page.waitForURL(/\/news\/\d+-[^/]+$/);
    await settled(page);
    expect(await page.getByTestId('detail-title').isVisible()).toBe(true);
    expect(scripts).toContain(chunks.detail);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('loads the other language when the visitor switches, and shows it only once it is there', async () => {
    const { context, page, consoleErrors } = await openPage(browser, site, { lang: 'en' });
    const scripts = recordScripts(page);
    await visit(page, '/about');
    expect(scripts).not.toContain(chunks.fa);
    const release = await holdRequests(page, new RegExp(`${chunks.fa.replace(/[.]/g, '\\.')}$`));
    await page.getByTestId('site-header').getByTestId('lang-fa').locator('visible=true').click();
    await expect.poll(() => scripts.includes(chunks.fa)).toBe(true);
    // While the Persian strings travel, the page stays in English: no keys, no half-switched page.
    expect(await page.getByTestId('page-title').innerText()).toBe(enPublic.about.title);
    expect(await documentLanguage(page)).toBe('en');
    release();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe(faPublic.about.title);
    expect(await documentLanguage(page)).toBe('fa');
    expect(await page.getByTestId('site-header').getByRole('link', { name: faPublic.nav.news }).count()).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('serves /?lang=fa in Persian with only the Persian strings', async () => {
    const { context, page, consoleErrors } = await openPage(browser, site, { lang: 'en' });
    const scripts = recordScripts(page);
    await visit(page, '/?lang=fa');
    await page.waitForLoadState('networkidle');
    expect(await documentLanguage(page)).toBe('fa');
    expect(await page.locator('main h1').innerText()).toBe(faCommon.siteName);
    expect(scripts).toContain(chunks.fa);
    expect(scripts).not.toContain(chunks.en);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each(['/', '/latestnews', '/about', '/search?q=rights'])(
    'loads no validation library and no editor on %s, and breaks no rule of the content security policy',
    async (address) => {
      const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
      const scripts = recordScripts(page);
      await page.addInitScript(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.sourceFile}`),
        );
      });
      await visit(page, address);
      await settled(page);
      // zod (about 25 KB) is loaded with the forms only; the body editor with the admin panel only.
      const loaded = scripts.map((script) => fs.readFileSync(path.join(repoRoot, 'dist', 'client', script), 'utf8'));
      expect(loaded.length).toBeGreaterThan(1);
      expect(loaded.filter((code) => /ZodError|\$ZodType/.test(code))).toEqual([]);
      expect(loaded.filter((code) => /@tiptap|prosemirror/i.test(code))).toEqual([]);
      // zod's first use tries `new Function` to see whether it may compile; the policy forbids eval, and a
      // browser reports each refusal (Lighthouse counts it against best practices).
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      await context.close();
    },
  );

  it('checks a form in the browser (zod, loaded with the form) without breaking the content security policy', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { violations: string[] }).violations.push(event.violatedDirective));
    });
    await visit(page, '/contact');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Maryam');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not an address');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello');
    await page.getByTestId('submit').click();
    // The browser's own check of the schema answered: the message is beside the field.
    await page.getByText('Enter a valid e-mail address.').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();
  });
});
