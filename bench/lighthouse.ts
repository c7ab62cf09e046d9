import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './chromium.ts';

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse's default mobile run (simulated slow 4G, mid-range phone) of each page, each in a
 * fresh browser: a first visit, as a crawler or a new reader makes it. (In one browser the
 * language cookie a Persian page sets would make the next English address render in Persian.)
 */
export async function lighthouseScores(pages: { label: string; url: string }[]): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const { label, url } of pages) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const categories = result?.lhr.categories;
      const score = (key: string) => Math.round((categories?.[key]?.score ?? 0) * 100);
      const row = {
        page: label,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      };
      console.log(`${label.padEnd(40)} perf ${row.performance}  a11y ${row.accessibility}  best ${row.bestPractices}  seo ${row.seo}`);
      rows.push(row);
    } finally {
      await chrome.kill();
    }
  }
  return rows;
}
