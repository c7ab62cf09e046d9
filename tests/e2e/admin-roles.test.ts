import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { posts } from '../../src/server/db/schema.ts';
import { writeIllustration } from '../factories/admin-content.ts';
import { makeContact, makeStory } from '../factories/index.ts';
import { chooseFile, expectToast, field, heading, openAdmin } from './support/admin.ts';
import { repoRoot } from '../setup/paths.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));
beforeAll(async () => {
  await makeStory(site.deps, { title: 'A story only editors may read' });
  await makeContact(site.deps);
});

/** The panel's own words in each language, so the test reads what an editor reads. */
const words = (lang: 'en' | 'fa') => {
  const admin = JSON.parse(fs.readFileSync(path.join(repoRoot, `src/client/locales/${lang}/admin.json`), 'utf8'));
  const { nav, fields, review, form, roles } = admin;
  return {
    // The picture library too: she uses its pictures (deleting one is an editor's).
    nav: [nav.dashboard, nav.search, nav.news, nav.articles, nav.reports, nav.legal, nav.library] as string[],
    hidden: [nav.gallery, nav.stories, nav.contacts, nav.newsletters, nav.newsletter, nav.users, nav.audit] as string[],
    role: roles.writer as string,
    only: review.writerDraftOnly as string,
    send: review.send as string,
    save: form.saveDraft as string,
    added: admin.content.news.added as string,
    fields: fields as Record<string, string>,
  };
};

describe('a writer’s panel', () => {
  it.each(['en', 'fa'] as const)('shows only what a writer can use, and saves her news as a draft sent for review (%s)', async (lang) => {
    const text = words(lang);
    const { context, page, user, problems } = await openAdmin(browser, site, '/admin/home', { lang, role: 'writer' });
    const sidebar = page.getByRole('navigation').first();
    await page.getByTestId('current-role').filter({ hasText: text.role }).first().waitFor();
    const entries = (await sidebar.getByRole('link').allTextContents()).map((text) => text.trim()).filter(Boolean);
    for (const entry of text.nav)
      expect(
        entries.some((text) => text.startsWith(entry)),
        entry,
      ).toBe(true);
    for (const entry of text.hidden)
      expect(
        entries.some((text) => text.startsWith(entry)),
        entry,
      ).toBe(false);
    // The dashboard counts content, never what visitors sent.
    await page.getByTestId('count-news').waitFor();
    for (const key of ['stories', 'contacts', 'users', 'subscribers']) expect(await page.getByTestId(`count-${key}`).count(), key).toBe(0);
    expect(await page.getByTestId('in-review').count()).toBe(0);
    await screenshot(page, `admin-writer-dashboard-${lang}`);

    await page.goto('/admin/news/add');
    await heading(page).first().waitFor();
    await page.getByText(text.only).waitFor();
    expect(await page.getByTestId('status-published').count()).toBe(0);
    expect(await page.getByTestId('status-draft').isChecked()).toBe(true);
    const title = `A writer’s news (${lang})`;
    await field(page, text.fields.titleEn!).fill(title);
    const persianTitle = `خبر یک نویسنده (${lang})`;
    await field(page, text.fields.titleFa!).fill(persianTitle);
    await field(page, text.fields.bodyEn!).fill('What she saw in Mashhad.');
    await field(page, text.fields.bodyFa!).fill('آنچه در مشهد دید.');
    await field(page, text.fields.coverAltEn!).fill('A street');
    await field(page, text.fields.coverAltFa!).fill('یک خیابان');
    await chooseFile(page, text.fields.image!, await writeIllustration(site.deps));
    await page.getByText(text.send).click();
    await screenshot(page, `admin-writer-add-${lang}`);
    await page.getByRole('button', { name: text.save }).click();
    await expectToast(page, text.added);
    const [saved] = await site.deps.db
      .select({ status: posts.status, createdBy: posts.createdBy, review: posts.reviewRequestedAt })
      .from(posts)
      .where(eq(posts.titleEn, title));
    expect(saved).toMatchObject({ status: 'draft', createdBy: user.id });
    expect(saved!.review).toBeInstanceOf(Date);
    // Her lists offer no deleting: that is an editor's.
    await page.goto('/admin/news/all');
    // Cards are titled in the panel's language.
    await page
      .getByTestId('admin-card')
      .filter({ hasText: lang === 'fa' ? persianTitle : title })
      .waitFor();
    expect(await page.getByTestId('admin-card').getByRole('button').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an editor', () => {
  it('sees drafts sent for review on the dashboard, with their writer, and publishes them', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/home', { role: 'editor' });
    const waiting = page.getByTestId('in-review');
    await waiting.getByRole('link', { name: 'A writer’s news (en)' }).waitFor();
    await waiting
      .getByText(/by Editor/)
      .first()
      .waitFor();
    for (const key of ['stories', 'contacts', 'subscribers']) await page.getByTestId(`count-${key}`).waitFor();
    expect(await page.getByTestId('count-users').count()).toBe(0);
    await screenshot(page, 'admin-editor-dashboard');
    await waiting.getByRole('link', { name: 'A writer’s news (en)' }).click();
    await page.getByTestId('status-published').check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'News updated');
    await page.goto('/admin/home');
    await waiting.getByRole('link', { name: 'A writer’s news (fa)' }).waitFor();
    expect(await waiting.getByRole('link', { name: 'A writer’s news (en)' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
