import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.ts';

export interface WeightRow {
  page: string;
  html: number;
  css: number;
  js: number;
  fonts: number;
  /** Anything else the page fetched before it settled (API calls a hydrated page should not need). */
  other: number;
  total: number;
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
}

export interface Transfer {
  name: string;
  bytes: number;
}

/**
 * The first-load weight of a page as Chromium downloads it on a phone-sized screen (412 px, a
 * common Android width) with an empty
 * cache: the compressed bytes of every response (encodedBodySize) until the network is idle and
 * the fonts are ready, so lazy chunks and the fonts the page's text really uses are counted, and
 * fonts or chunks it never asks for are not. Images are not counted.
 */
export async function pageWeight(browser: Browser, origin: string, pathname: string, label: string): Promise<WeightRow> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, baseURL: origin });
  try {
    const page = await context.newPage();
    await page.goto(pathname, { waitUntil: 'networkidle' });
    const transfers = await page.evaluate(async () => {
      await document.fonts.ready;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return [
        { name: 'document', bytes: navigation.encodedBodySize },
        ...entries.map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
      ];
    });
    return summarise(label, transfers);
  } finally {
    await context.close();
  }
}

export function summarise(label: string, transfers: Transfer[]): WeightRow {
  const row: WeightRow = { page: label, html: 0, css: 0, js: 0, fonts: 0, other: 0, total: 0 };
  for (const { name, bytes } of transfers) {
    if (/\.(avif|webp|jpe?g|png|gif|svg|ico)$/i.test(name)) continue;
    if (name === 'document') row.html += bytes;
    else if (name.endsWith('.css')) row.css += bytes;
    else if (name.endsWith('.js')) row.js += bytes;
    else if (/\.woff2?$/.test(name)) row.fonts += bytes;
    else row.other += bytes;
  }
  row.total = row.html + row.css + row.js + row.fonts + row.other;
  return row;
}
