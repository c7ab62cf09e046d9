import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { detailPathOf } from '../../src/shared/content-kinds.ts';
import { makeImageUpload, makeUser, systemCaller, unique } from '../factories/index.ts';
import { repoRoot } from '../setup/paths.ts';
import { expectToast, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, newContext, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

const words = (lang: 'en' | 'fa') =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, `src/client/locales/${lang}/admin.json`), 'utf8')).byline as Record<string, string>;

describe.each(['phone', 'desktop'] as const)('a pen name (%s)', (viewport) => {
  it('is set on her account page, signs her published work in Persian, and the editors’ list finds her work by author', async () => {
    const text = words('fa');
    const { context, page, user: writer } = await openAdmin(browser, site, '/admin/account', { lang: 'fa', role: 'writer', viewport });
    await page.getByLabel(text.nameFa!).fill('ستاره');
    await page.getByRole('button', { name: text.save! }).click();
    await expectToast(page, text.saved!);
    await screenshot(page, `admin-byline-fa-${viewport}`);
    await context.close();

    const upload = await makeImageUpload(site.deps);
    const title = unique('قلم');
    const draft = await systemCaller(site.deps, writer).news.create({
      titleEn: `${title} en`,
      titleFa: title,
      descriptionEn: 'A description long enough to read.',
      descriptionFa: 'توضیحی برای خواندن.',
      coverAltEn: 'Cover',
      coverAltFa: 'جلد',
      imageUploadId: upload.id,
      status: 'draft',
    });
    await systemCaller(site.deps, await makeUser(site.deps, { role: 'editor' })).news.update({ id: draft.id, status: 'published' });

    const reader = await newContext(browser, site, { lang: 'fa', viewport });
    const article = await reader.newPage();
    await article.goto(`${detailPathOf('news', draft.id)}?lang=fa`);
    expect(await article.getByTestId('byline').textContent()).toContain('ستاره');
    await screenshot(article, `public-byline-fa-${viewport}`);
    // In English she left no name: the newsroom signs.
    await article.goto(`${detailPathOf('news', draft.id)}?lang=en`);
    expect(await article.getByTestId('byline').textContent()).toBe("Women's Rights News");
    await reader.close();

    const editor = await openAdmin(browser, site, '/admin/news/all', { lang: 'fa', role: 'editor', viewport });
    await editor.page.getByTestId('author-filter').selectOption(String(writer.id));
    await editor.page.waitForURL((url) => url.searchParams.get('author') === String(writer.id));
    await editor.page.getByText(title, { exact: true }).waitFor();
    await screenshot(editor.page, `admin-author-filter-fa-${viewport}`);
    expect(editor.problems).toEqual([]);
    await editor.context.close();
  });
});
