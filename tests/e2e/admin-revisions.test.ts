import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { documentFromPlainText } from '../../src/shared/rich-text/plain-text.ts';
import { makeContent } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { repoRoot } from '../setup/paths.ts';
import { confirmDialog, field, openAdmin } from './support/admin.ts';
import { expectAccessible } from './support/public-browser.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

describe('revisions in the edit page', () => {
  it.each([
    { lang: 'en' as const, viewport: 'desktop' as const, title: 'Title (English)', compare: 'Compare with the previous one', restore: 'Restore this version' },
    { lang: 'fa' as const, viewport: 'phone' as const, title: 'عنوان (انگلیسی)', compare: 'مقایسه با نسخهٔ پیشین', restore: 'بازگرداندن این نسخه' },
  ])('show what a save changed and bring an older version back after asking ($lang)', async ({ lang, viewport, title, compare, restore }) => {
    const item = await makeContent(site.deps, 'article', {
      titleEn: `Courts and custody (${lang})`,
      titleFa: 'دادگاه‌ها و حضانت',
      descriptionEn: 'The first wording.',
    });
    const { caller, user } = await adminCaller(site.deps);
    await caller.articles.update({
      id: item.id,
      titleEn: `Courts, custody and appeals (${lang})`,
      titleFa: 'دادگاه‌ها و حق حضانت',
      bodyEn: documentFromPlainText('The corrected wording.'),
    });

    const { context, page, problems } = await openAdmin(browser, site, `/admin/edit/article/${item.id}`, { lang, viewport });
    const revisions = page.getByTestId('revisions').locator('li');
    await revisions.nth(1).waitFor();
    expect(await revisions.count()).toBe(2);
    await revisions.first().getByRole('button', { name: compare }).click();
    const diff = page.getByTestId('revision-diff');
    await diff.getByText('The corrected wording.').waitFor();
    expect(await diff.innerText()).toContain('The first wording.');
    // The words that changed are marked, each text in its own language, direction and font (not a monospace one).
    const english = diff.getByTestId('diff-bodyEn');
    await english.locator('ins', { hasText: 'corrected' }).waitFor();
    await english.locator('del', { hasText: 'first' }).waitFor();
    expect([await english.getAttribute('lang'), await english.getAttribute('dir')]).toEqual(['en', 'ltr']);
    const persian = diff.getByTestId('diff-titleFa');
    expect(await persian.locator('ins').allInnerTexts()).toEqual([expect.stringMatching(/^\s?حق\s?$/)]);
    expect([await persian.getAttribute('lang'), await persian.getAttribute('dir')]).toEqual(['fa', 'rtl']);
    expect(await persian.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Vazirmatn/);
    // People by name, never by e-mail address.
    expect(await revisions.first().innerText()).toContain(user.name);
    expect(await page.getByTestId('revisions').innerText()).not.toContain('@');
    await expectAccessible(page, `revisions compared (${lang})`);
    if (!process.env.CI) await page.getByTestId('revisions').screenshot({ path: path.join(repoRoot, 'screenshots', `admin-revisions-diff-${lang}.png`) });
    await screenshot(page, `admin-revisions-${lang}`);

    // Unsaved typing, then a restore: asked first; cancelling changes nothing.
    await field(page, title).fill('Typed but never saved');
    await revisions.nth(1).getByRole('button', { name: restore }).click();
    await confirmDialog(page, 'cancel');
    expect((await caller.articles.adminById({ id: item.id })).titleEn).toBe(`Courts, custody and appeals (${lang})`);

    await revisions.nth(1).getByRole('button', { name: restore }).click();
    await confirmDialog(page, 'confirm');
    // The restored version is what the form shows, not the unsaved typing from before.
    await expect.poll(() => field(page, title).inputValue(), { timeout: 10_000 }).toBe(`Courts and custody (${lang})`);
    await expect.poll(async () => (await publicCaller(site.deps).articles.byId({ id: item.id })).descriptionEn, { timeout: 10_000 }).toBe('The first wording.');
    await revisions.nth(2).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
