import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { writeIllustration } from '../factories/admin-content.ts';
import { startServer } from '../setup/http.ts';
import { repoRoot } from '../setup/paths.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { chooseFile, expectToast, field, openAdmin } from './support/admin.ts';
import { expectAccessible } from './support/public-browser.ts';
import { launchBrowser, newContext, screenshot, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
beforeAll(async () => {
  // Before 10 Azar 1405, so that day can be scheduled.
  const clock = new TestClock('2026-11-22T08:00:00Z');
  const deps: TestDeps = { ...createTestDeps(), clock };
  clock.waitsFor(() => deps.publication.settled());
  const server = await startServer(deps, { clientDir: path.join(repoRoot, 'dist', 'client') });
  site = { deps, server, url: server.url, close: async () => (await server.close(), await deps.cleanup()) };
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const submit = (page: Page) => page.getByTestId('content-form').locator('button[type="submit"]');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A part of the page, for a person to look at (screenshots/ is not kept in git, nor taken in CI). */
async function screenshotPart(page: Page, part: ReturnType<Page['locator']>, name: string) {
  if (!process.env.CI) await part.screenshot({ path: path.join(repoRoot, 'screenshots', `${name}.png`) });
}

/** The part of the scheduling field by its label, inside the field's own group. */
const datePart = (page: Page, part: string) => page.getByTestId('publish-at').getByLabel(part, { exact: true });

async function fillNews(page: Page, title: string) {
  await field(page, 'عنوان (انگلیسی)').fill(title);
  await field(page, 'عنوان (فارسی)').fill('بیانیهٔ وکیلان');
  await field(page, 'متن (انگلیسی)').fill('The statement in full.');
  await field(page, 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (انگلیسی)').fill('A statement on a desk');
  await field(page, 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (فارسی)').fill('بیانیه روی میز');
  await chooseFile(page, 'تصویر', await writeIllustration(site.deps));
}

describe.each(['phone', 'desktop'] as const)('a Persian editor on a %s', (viewport) => {
  it('starts a news item as a draft, schedules it on a Solar Hijri date in Tehran time, and links an address typed without https', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'fa', viewport });
    await page.getByRole('heading', { level: 1, name: 'افزودن خبر' }).waitFor();
    // A new item is a draft, and the button says so.
    expect(await page.getByTestId('status-draft').isChecked()).toBe(true);
    expect(await submit(page).innerText()).toBe('ذخیرهٔ پیش‌نویس');
    await page.getByTestId('status-published').check();
    expect(await submit(page).innerText()).toBe('انتشار خبر');
    await page.getByTestId('status-draft').check();
    await submit(page).getByText('ذخیرهٔ پیش‌نویس').waitFor();
    await screenshot(page, `editor-defaults-draft-fa-${viewport}`);

    // The body's link dialog completes an address typed without its scheme.
    const persian = field(page, 'متن (فارسی)');
    await persian.click();
    await page.keyboard.type('متن بیانیه');
    await page.keyboard.press('Shift+Home');
    await page
      .getByRole('toolbar', { name: /متن \(فارسی\)$/ })
      .getByRole('button', { name: 'پیوند', exact: true })
      .click();
    const dialog = page.getByTestId('editor-link-dialog');
    await dialog.getByLabel(/^نشانی پیوند/).fill('example.org/statement');
    await screenshot(page, `editor-defaults-link-fa-${viewport}`);
    await dialog.getByLabel(/^نشانی پیوند/).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await persian.locator('a[href="https://example.org/statement"]', { hasText: 'متن بیانیه' }).waitFor();

    // The video link field completes it too, once the editor leaves it.
    await field(page, 'پیوند ویدیو').fill('youtube.com/watch?v=dQw4w9WgXcQ');
    await field(page, 'پیوند ویدیو').blur();
    expect(await field(page, 'پیوند ویدیو').inputValue()).toBe('https://youtube.com/watch?v=dQw4w9WgXcQ');

    // Scheduled on 10 Azar 1405 at 14:30, Tehran time: zones by their Persian names, days and hours in Persian digits.
    await page.getByTestId('status-scheduled').check();
    expect(await submit(page).innerText()).toBe('زمان‌بندی');
    const zone = field(page, 'منطقهٔ زمانی');
    const zoneNames = await zone.locator('option').allInnerTexts();
    expect(zoneNames).toEqual(expect.arrayContaining(['تهران', 'کابل']));
    expect(zoneNames.join(' ')).not.toMatch(/Asia\/|[0-9]/);
    await zone.selectOption({ label: 'تهران' });
    await datePart(page, 'روز').selectOption({ label: '۱۰' });
    await datePart(page, 'ماه').selectOption({ label: 'آذر' });
    await datePart(page, 'سال').selectOption({ label: '۱۴۰۵' });
    await datePart(page, 'ساعت').selectOption({ label: '۱۴' });
    await datePart(page, 'دقیقه').selectOption({ label: '۳۰' });
    const shown = await page.getByTestId('publish-at-shown').innerText();
    expect(shown).toContain('۱۰ آذر ۱۴۰۵');
    expect(shown).toContain('۱۴:۳۰');
    expect(shown).toContain('تهران');
    expect(shown).not.toMatch(/[0-9]/);
    await screenshot(page, `editor-defaults-schedule-fa-${viewport}`);
    await screenshotPart(
      page,
      page
        .locator('fieldset')
        .filter({ has: page.getByTestId('publish-at') })
        .first(),
      `editor-defaults-schedule-part-fa-${viewport}`,
    );
    await screenshotPart(page, page.getByRole('toolbar', { name: /متن \(فارسی\)$/ }), `editor-defaults-toolbar-fa-${viewport}`);
    await expectAccessible(page, `the Persian add page on a ${viewport}`);

    const title = `A statement scheduled on a ${viewport}`;
    await fillNews(page, title);
    await submit(page).click();
    await expectToast(page, 'خبر با موفقیت افزوده شد');
    const [stored] = await site.deps.db
      .select({ id: posts.id, status: posts.status, publishAt: posts.publishAt, bodyFa: posts.bodyFa })
      .from(posts)
      .where(eq(posts.titleEn, title));
    expect(stored!.status).toBe('scheduled');
    // Tehran keeps UTC+3:30 all year: 14:30 there is 11:00 UTC on 1 December 2026.
    expect(new Date(stored!.publishAt!).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(stored!.bodyFa).toContain('"href":"https://example.org/statement"');
    // The form starts again as a draft.
    expect(await page.getByTestId('status-draft').isChecked()).toBe(true);

    // The edit page shows the date in the same calendar, and its button follows the status chosen.
    await page.goto(`/admin/edit/news/${stored!.id}`);
    await page.getByTestId('publish-at').waitFor();
    expect(await datePart(page, 'روز').locator('option:checked').innerText()).toBe('۱۰');
    expect(await datePart(page, 'ماه').locator('option:checked').innerText()).toBe('آذر');
    expect(await datePart(page, 'سال').locator('option:checked').innerText()).toBe('۱۴۰۵');
    expect(await datePart(page, 'ساعت').locator('option:checked').innerText()).toBe('۱۴');
    expect(await submit(page).innerText()).toBe('زمان‌بندی');
    await page.getByTestId('status-published').check();
    expect(await submit(page).innerText()).toBe('انتشار');
    await page.getByTestId('status-draft').check();
    expect(await submit(page).innerText()).toBe('ذخیرهٔ پیش‌نویس');
    await expectAccessible(page, `the Persian edit page on a ${viewport}`);
    await screenshot(page, `editor-defaults-edit-fa-${viewport}`);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('an English editor', () => {
  it('starts a news item as a draft, schedules it in the Gregorian calendar, and saves changes to a published item', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/articles/add', { lang: 'en' });
    await page.getByRole('heading', { level: 1, name: 'Add article' }).waitFor();
    expect(await page.getByTestId('status-draft').isChecked()).toBe(true);
    expect(await submit(page).innerText()).toBe('Save draft');
    await page.getByTestId('status-scheduled').check();
    expect(await submit(page).innerText()).toBe('Schedule');
    expect(await page.getByTestId('publish-at').getAttribute('data-calendar')).toBe('gregory');
    expect(await datePart(page, 'Month').locator('option').allInnerTexts()).toContain('December');
    expect(await field(page, 'Time zone').locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['Tehran', 'Kabul']));
    await expectAccessible(page, 'the English add page');
    await page.getByTestId('status-published').check();
    expect(await submit(page).innerText()).toBe('Publish article');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the sign-in page', () => {
  it.each(['en', 'fa'] as const)('names its language links with their visible text (%s)', async (lang) => {
    const context = await newContext(browser, site, { lang });
    const page = await context.newPage();
    await page.goto('/login');
    const link = page.getByRole('link', { name: new RegExp(`^${escaped(lang === 'en' ? 'فا' : 'En')}`) });
    await link.waitFor();
    // The sign-in button is enabled once the page has hydrated, and fades from its disabled shade:
    // axe must not measure it before that starts (expectAccessible waits for fades under way).
    await page.waitForFunction(() => !document.querySelector('button[type=submit]:disabled'));
    await expectAccessible(page, `/login in ${lang}`);
    await context.close();
  });
});
