import path from 'node:path';
import { CHROMIUM_ARGS } from '../../../bench/chromium.ts';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../../../src/server/auth/sessions.ts';
import { sessionPolicy } from '../../../src/server/routers/auth.ts';
import { makeUser } from '../../factories/index.ts';
import type { Role } from '../../../src/shared/schemas/users.ts';
import { startServer, type TestServer } from '../../setup/http.ts';
import { repoRoot } from '../../setup/paths.ts';
import { createTestDeps, type TestDeps } from '../../setup/test-db.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every test starts Debian's Chromium (a persistent profile too: tests/e2e/search-history.test.ts). */
export { CHROMIUM_ARGS };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface Site {
  deps: TestDeps;
  server: TestServer;
  url: string;
  close(): Promise<void>;
}

/** The real server, with the built client, on a fresh database. */
export function startSite(envOverrides: Record<string, string> = {}): Promise<Site> {
  // A reader's limit on the server's time stays on, at its default, as on a real site.
  return serveSite(createTestDeps({ VISITOR_WORK_MS_PER_SECOND: '100', ...envOverrides }));
}

/** The real server, with the built client, on the given site's database and files; closing it removes them. */
export async function serveSite(deps: TestDeps): Promise<Site> {
  const server = await startServer(deps, { clientDir: path.join(repoRoot, 'dist', 'client') });
  return {
    deps,
    server,
    url: server.url,
    async close() {
      await server.close();
      await deps.cleanup();
    },
  };
}

/**
 * Launches the browser and starts a site (as `start` makes it) together before the file's tests,
 * hands both to `take` for the file's own variables, and closes both after the tests.
 */
export function browserAndSiteForFile<Started extends Site | { site: Site }>(start: () => Promise<Started>, take: (started: [Browser, Started]) => void): void {
  let browser: Browser | undefined;
  let site: Site | undefined;
  beforeAll(async () => {
    const [launched, made] = await Promise.all([launchBrowser(), start()]);
    browser = launched;
    site = 'site' in made ? made.site : made;
    take([launched, made]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export interface ContextOptions {
  viewport?: keyof typeof viewports;
  lang?: 'en' | 'fa';
  /** Ignore the site's content security policy, so a test can show that safety does not rest on it alone. */
  relaxedCsp?: boolean;
}

/** A browser context at a viewport, in a language (set as the visitor's remembered choice). */
export async function newContext(browser: Browser, site: Site, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: viewports[options.viewport ?? 'desktop'],
    baseURL: site.url,
    reducedMotion: 'reduce',
    bypassCSP: options.relaxedCsp ?? false,
  });
  if (options.lang) await context.addCookies([{ name: 'lang', value: options.lang, url: site.url }]);
  if (options.lang) await context.addInitScript(`try { localStorage.setItem('lang', '${options.lang}') } catch {}`);
  return context;
}

/** Signs a new admin in by creating a session directly (only the login test drives the form). */
export async function loginAs(context: BrowserContext, site: Site, signedInAt?: Date, role: Role = 'admin') {
  const user = await makeUser(site.deps, { role });
  const token = generateSessionToken();
  await createSession(site.deps.db, token, user.id, sessionPolicy(site.deps.env), signedInAt);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: site.url, httpOnly: true, sameSite: 'Lax' }]);
  return user;
}

/**
 * Every element a locator matches, as Playwright's `locator.all()` gives them (a count, then each
 * by index); written out because the lint rule keeps a bare `.all()` for SQLite's queries.
 */
export async function matchesOf(locator: Locator): Promise<Locator[]> {
  return Array.from({ length: await locator.count() }, (_, index) => locator.nth(index));
}

/** Records every request the page makes to a host other than the site itself. */
export function recordThirdPartyRequests(page: Page, site: Site): string[] {
  const origin = new URL(site.url).origin;
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) seen.push(url);
  });
  return seen;
}

/** Saves a screenshot under screenshots/ for a person to look at (not asserted; not taken in CI, like snap). */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI) return;
  await page.screenshot({ path: path.join(repoRoot, 'screenshots', `${name}.png`), fullPage: true });
}
