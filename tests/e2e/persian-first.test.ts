import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { detailPathOf } from '../../src/shared/content-kinds.ts';
import { writeIllustration } from '../factories/admin-content.ts';
import { unique } from '../factories/index.ts';
import { chooseFile, expectToast, field, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, newContext, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

const submit = (page: Page) => page.getByTestId('content-form').locator('button[type="submit"]');
/** What a reader sees of a page: its text, without the data its scripts start from. */
const seen = async (page: Page) => page.locator('body').innerText();

describe.each(['phone', 'desktop'] as const)('a newsroom that writes in Persian first, on a %s', (viewport) => {
  it('saves a Persian-only draft, publishes it for Persian readers only, and adds the English later', async () => {
    const word = unique('قانون');
    const titleFa = `حق کار زنان ${word}`;
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'fa', viewport });

    // A draft with only its Persian words: saved, nothing else asked.
    await field(page, 'عنوان (فارسی)').fill(titleFa);
    await field(page, 'متن (فارسی)').fill('متن کامل خبر به فارسی.');
    expect(await submit(page).innerText()).toBe('ذخیرهٔ پیش‌نویس');
    await submit(page).click();
    await expectToast(page, 'خبر با موفقیت افزوده شد');
    await page.getByTestId('created-notice').waitFor();
    const id = await latestNewsId();

    // Publishing asks for what Persian readers need, and only that.
    await page.goto(`/admin/edit/news/${id}?lang=fa`);
    await page.getByTestId('status-published').check();
    await submit(page).click();
    const errors = page.getByTestId('form-errors');
    await errors.getByText('برای انتشار به فارسی لازم است.').first().waitFor();
    expect(await errors.innerText()).not.toContain('انگلیسی');
    await field(page, 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (فارسی)').fill('زنی پشت میز کار');
    await chooseFile(page, 'تصویر', await writeIllustration(site.deps));
    await screenshot(page, `persian-first-edit-fa-${viewport}`);
    await submit(page).click();
    await expectToast(page, 'خبر به‌روزرسانی شد');
    expect(problems).toEqual([]);
    await context.close();

    // Persian readers find it; English readers never meet it: lists, the page, feeds, sitemap, search.
    const reader = await newContext(browser, site, { viewport });
    const tab = await reader.newPage();
    await tab.goto('/latestnews?lang=fa');
    const itemLinks = `a[href="${detailPathOf('news', id)}"], a[href^="${detailPathOf('news', id)}-"]`;
    await tab.locator(itemLinks).first().waitFor();
    await tab.goto('/latestnews?lang=en');
    expect(await tab.locator(itemLinks).count()).toBe(0);
    expect(await seen(tab)).not.toContain(word);
    await tab.goto('/?lang=en');
    expect(await seen(tab)).not.toContain(word);

    const response = await tab.goto(`${detailPathOf('news', id)}?lang=en`);
    expect(response?.status()).toBe(404);
    await tab.getByTestId('not-in-language').waitFor();
    expect(await seen(tab)).not.toContain(word);
    await screenshot(tab, `persian-first-not-in-english-${viewport}`);
    await tab.getByTestId('read-in-other-language').click();
    await tab.getByTestId('detail-title').getByText(titleFa).waitFor();
    expect(await tab.locator('html').getAttribute('lang')).toBe('fa');
    expect(await tab.locator('link[hreflang="en"]').count()).toBe(0);
    await screenshot(tab, `persian-first-detail-fa-${viewport}`);

    const fetchText = async (path: string) => await (await fetch(`${site.url}${path}`)).text();
    expect(await fetchText('/rss/en/news.xml')).not.toContain(word);
    expect(await fetchText('/rss/fa/news.xml')).toContain(word);
    // Its address (with its slug) only in Persian: no English entry.
    const sitemap = await fetchText('/sitemap.xml');
    const entries = [...sitemap.matchAll(new RegExp(`<loc>[^<]*${detailPathOf('news', id)}(-[^<?]*)?(\\?lang=fa)?</loc>`, 'g'))].map(
      (match) => match[2] ?? 'en',
    );
    expect(entries).toEqual(['?lang=fa']);

    await tab.goto('/search?lang=en');
    const box = tab.locator('main input[name="q"]').first();
    await box.fill(word);
    await box.press('Enter');
    await tab.getByTestId('empty-message').waitFor();
    await reader.close();

    // The English comes later; English readers then get it, with both languages paired.
    const editor = await openAdmin(browser, site, `/admin/edit/news/${id}`, { lang: 'fa', viewport });
    await field(editor.page, 'عنوان (انگلیسی)').fill(`Women's right to work ${word}`);
    await field(editor.page, 'متن (انگلیسی)').fill('The whole story in English.');
    await field(editor.page, 'توصیف تصویر برای خوانندگانی که آن را نمی‌بینند (انگلیسی)').fill('A woman at her desk');
    await submit(editor.page).click();
    await expectToast(editor.page, 'خبر به‌روزرسانی شد');
    expect(editor.problems).toEqual([]);
    await editor.context.close();

    const later = await newContext(browser, site, { viewport });
    const english = await later.newPage();
    const shown = await english.goto(`${detailPathOf('news', id)}?lang=en`);
    expect(shown?.status()).toBe(200);
    await english.getByTestId('detail-title').getByText(`Women's right to work ${word}`).waitFor();
    expect(await english.locator('link[hreflang="fa"]').count()).toBe(1);
    await later.close();
  });
});

/** The newest news item's id, as editors list them. */
async function latestNewsId(): Promise<number> {
  const { posts } = await import('../../src/server/db/schema.ts');
  const { desc } = await import('drizzle-orm');
  const [row] = await site.deps.db.select({ id: posts.id }).from(posts).orderBy(desc(posts.id)).limit(1);
  return row!.id;
}
