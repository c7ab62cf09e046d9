import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Role } from '../../../src/shared/schemas/users.ts';
import { loginAs, newContext, type ContextOptions, type Site } from './site.ts';

export interface AdminSession {
  context: BrowserContext;
  page: Page;
  user: Awaited<ReturnType<typeof loginAs>>;
  /** Uncaught errors and console errors the page produced; a journey should end with none. */
  problems: string[];
}

/** A signed-in editor (session made directly: only the login test drives the login form) with a page open at `path`. */
export async function openAdmin(
  browser: Browser,
  site: Site,
  path: string,
  options: ContextOptions & { signedInAt?: Date; role?: Role } = {},
): Promise<AdminSession> {
  const context = await newContext(browser, site, options);
  const user = await loginAs(context, site, options.signedInAt, options.role);
  const page = await context.newPage();
  // A step that cannot happen should fail the test quickly, not after half a minute.
  page.setDefaultTimeout(10_000);
  const problems = watchProblems(page);
  await page.goto(path);
  return { context, page, user, problems };
}

export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Failed requests count too (a missing image is a console error): tests that provoke one do not check.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** A toast with this text (top right). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-toast]').filter({ hasText: text }).first();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await toast(page, text).waitFor({ state: 'visible', timeout: 10_000 });
}

/** The heading of the page (h1). */
export function heading(page: Page): Locator {
  return page.locator('h1');
}

/** Answers the in-page confirmation dialog (a native <dialog>). */
export async function confirmDialog(page: Page, answer: 'confirm' | 'cancel' = 'confirm') {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor({ state: 'visible' });
  const buttons = dialog.locator('footer button');
  await (answer === 'confirm' ? buttons.last() : buttons.first()).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A form field by its visible label (a required one's label ends with a decorative *). */
export function field(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** Chooses a file in a file field and waits until it is uploaded (the form's submit is enabled again). */
export async function chooseFile(page: Page, label: string, file: string) {
  await field(page, label).setInputFiles(file);
  await page.locator('[role="progressbar"][aria-valuenow="100"]').first().waitFor();
  await page.locator('form button[type="submit"]:not([disabled])').waitFor();
}

/** One procedure over HTTP, as a visitor's browser would call it (GET /trpc/{path}). */
export async function publicQuery<T = unknown>(
  site: Site,
  path: string,
  input: unknown,
): Promise<{ ok: true; data: T } | { ok: false; code: string; message: string }> {
  const response = await fetch(`${site.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: { json: { message: string; data: { code: string } } } };
  if (body.result) return { ok: true, data: body.result.data.json };
  return { ok: false, code: body.error?.json.data.code ?? String(response.status), message: body.error?.json.message ?? '' };
}
