import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { repoRoot } from '../../setup/paths.ts';
import { newContext, recordThirdPartyRequests, type Site, type viewports } from './site.ts';

export type Lang = 'en' | 'fa';
export type Viewport = keyof typeof viewports;

/** A page at a viewport in a language, recording requests that leave the site. */
export async function openPage(browser: Browser, site: Site, options: { lang?: Lang; viewport?: Viewport } = {}) {
  const context = await newContext(browser, site, { lang: options.lang ?? 'en', viewport: options.viewport ?? 'desktop' });
  const page = await context.newPage();
  const thirdParty = recordThirdPartyRequests(page, site);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, thirdParty, consoleErrors };
}

/**
 * Wakes the page's application (as a reader entering a field would), then waits until the page
 * shows real content (a heading in <main>, no loading spinner) and React has taken over the
 * server-rendered HTML: a click before that would reach a page without handlers.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await wake(page);
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      // The container key appears when hydration starts; it runs as a transition, and the header's
      // plain (script-free) menu is replaced by the drawer's button only once it has finished.
      const hydrated =
        Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer'))) &&
        !document.querySelector('[data-testid=site-header] [data-testid=plain-menu]');
      return hydrated && Boolean(document.querySelector('main h1, main [data-testid=error-message]')) && !document.querySelector('main [role=status]');
    },
    null,
    { timeout: 15_000 },
  );
}

/**
 * A public page loads only a small script, which fetches the application when the reader starts
 * using the page (src/client/wake.ts); this asks for it at once, as `site:wake` lets any script.
 */
export async function wake(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('site:wake')));
}

/** Loads a path the way a visitor's browser does (a full page load), then waits for its content. */
export async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await settled(page);
}

/**
 * Moves to a path inside the already loaded app, as a link click does (wouter listens to
 * pushState), then waits for its content: much faster than reloading the bundle for every screen.
 */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((to) => window.location.pathname + window.location.search === to, path);
  await settled(page);
}

/** An in-app navigation without waiting for the new page (for loading and failure states). */
export async function navigateNow(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * A screenshot for a person to look at: the viewport, or the whole page with SCREENSHOTS=full. Not
 * taken in CI (CI=true), where no one looks at them and each costs the run a moment.
 */
export async function snap(page: Page, name: string) {
  if (process.env.CI) return;
  await page.screenshot({ path: path.join(repoRoot, 'screenshots', `${name}.png`), fullPage: process.env.SCREENSHOTS === 'full' });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page: no serious or critical violation. axe is put into the page once (through
 * the debugging protocol, which the site's CSP does not block) and stays there across in-app
 * navigations; this is several times faster than injecting it for every check.
 */
export async function expectAccessible(page: Page, label: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours still in transition (a button enabled as the page hydrates fades from its disabled
  // shade) would be measured half-way: axe looks at the page as it settles.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
  const bad = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    bad.map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(' | ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * The violations of the given axe rules, whatever their impact: expectAccessible lets the moderate
 * ones pass (landmark-unique is one), a test about such a rule asks for it by name.
 */
export async function axeViolationsOf(page: Page, rules: string[]) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (ids) => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: 'rule', values: ids }, resultTypes: ['violations'] });
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  }, rules);
}

/** The direction and language the document declares. */
export async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}
