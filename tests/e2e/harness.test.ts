import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

it('serves the built client in Chromium in Persian, right to left', async () => {
  const context = await newContext(browser, site, { lang: 'fa' });
  const page = await context.newPage();
  await page.goto('/');
  await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
  await context.close();
});
