import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeContact, makeContent, makeGalleryItem, makeLegalItem, makeNewsletter, makeStory, makeSubscriber, makeUser } from '../factories/index.ts';
import { openAdmin } from './support/admin.ts';
import { expectAccessible } from './support/public-browser.ts';
import { browserAndSiteForFile, newContext, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

/** Every screen of the panel, each with something on it (an empty list is a different page). */
let pages: string[];
beforeAll(async () => {
  const news = await makeContent(site.deps, 'news');
  const legal = await makeLegalItem(site.deps);
  const gallery = await makeGalleryItem(site.deps, { withImage: true });
  const user = await makeUser(site.deps, { role: 'writer' });
  await makeContact(site.deps);
  await makeStory(site.deps);
  await makeSubscriber(site.deps);
  // No item listed: the preview's pictures come from PUBLIC_URL, which this site (on a random port) does not have.
  const newsletter = await makeNewsletter(site.deps);
  pages = [
    '/admin/home',
    '/admin/account',
    '/admin/news/all',
    '/admin/news/add',
    `/admin/edit/news/${news.id}`,
    '/admin/articles/all',
    '/admin/reports/add',
    '/admin/gallery/all',
    '/admin/gallery/add',
    `/admin/edit/gallery/${gallery.id}`,
    '/admin/legal/all',
    '/admin/legal/add',
    `/admin/edit/legal/${legal.id}`,
    '/admin/users/all',
    '/admin/users/add',
    `/admin/edit/user/${user.id}`,
    '/admin/contacts',
    '/admin/stories/all',
    '/admin/newsletter',
    '/admin/newsletters',
    '/admin/newsletters/new',
    `/admin/newsletters/${newsletter.id}`,
    '/admin/audit',
    '/admin/search',
    '/admin/library',
  ];
});

/** A screen is ready once its heading is there and nothing is still loading. */
async function ready(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"], .animate-pulse')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

describe.each(['en', 'fa'] as const)('the admin panel in %s', (lang) => {
  it('has no serious or critical accessibility problem on any screen', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/home', { lang });
    for (const path of pages) {
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, `${path} (${lang})`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has none on the sign-in page either', async () => {
    const context = await newContext(browser, site, { lang });
    const page = await context.newPage();
    await page.goto(`/login?lang=${lang}`);
    await page.locator('h1').first().waitFor();
    // The sign-in button is enabled once the page is hydrated, fading from its disabled shade: axe
    // looks after that (expectAccessible waits for the fade).
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await expectAccessible(page, `/login (${lang})`);
    await context.close();
  });
});
