import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeContact, makeContent, makeGalleryItem, makeLegalItem, makeStory, makeSubscriber } from '../factories/index.ts';
import { heading, openAdmin } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));
beforeAll(async () => {
  await Promise.all([
    makeContent(site.deps, 'news', { titleEn: 'First news item' }),
    makeContent(site.deps, 'article'),
    makeContent(site.deps, 'report'),
    makeGalleryItem(site.deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' }),
    makeLegalItem(site.deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' }),
    makeStory(site.deps),
    makeStory(site.deps),
    makeContact(site.deps),
    makeSubscriber(site.deps),
  ]);
});

describe('the dashboard', () => {
  it('counts every kind of content, links each count to its list, and always fetches afresh (refreshing the cached lists)', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/all');
    await page.getByTestId('admin-card').filter({ hasText: 'First news item' }).waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    const count = (key: string) => page.getByTestId(`count-${key}`).getByTestId('count-value');
    await expect.poll(() => count('news').textContent()).toBe('1');
    expect(await count('stories').textContent()).toBe('2');
    await page.getByTestId('count-stories').getByText('2 waiting').waitFor();
    await page.getByTestId('count-contacts').getByText('1 waiting').waitFor();
    const links = await page.locator('[data-testid^="count-"][href]').evaluateAll((cards) => cards.map((card) => card.getAttribute('href')));
    expect(links).toEqual([
      '/admin/news/all',
      '/admin/articles/all',
      '/admin/reports/all',
      '/admin/gallery/all',
      '/admin/legal/all',
      '/admin/stories/all',
      '/admin/contacts',
      '/admin/users/all',
      '/admin/newsletter',
    ]);
    await screenshot(page, 'admin-dashboard-en');

    // Something changes behind the panel's back (another editor, on another laptop).
    await makeContent(site.deps, 'news', { titleEn: 'Second news item' });
    await page.getByRole('link', { name: 'News', exact: true }).click();
    await heading(page).filter({ hasText: 'All news' }).waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => count('news').textContent()).toBe('2');
    // The news list the dashboard fetched again is shown without asking the server once more.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('news.list')) listRequests.push(request.url());
    });
    await page.getByTestId('count-news').click();
    await page.getByTestId('admin-card').filter({ hasText: 'Second news item' }).waitFor();
    expect(listRequests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers the sidebar as a drawer on a phone, closed by Escape or by choosing a section', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/home', { viewport: 'phone' });
    await heading(page).filter({ hasText: 'Dashboard' }).waitFor();
    await screenshot(page, 'admin-dashboard-phone');
    const drawer = page.getByTestId('admin-drawer');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor();
    await screenshot(page, 'admin-drawer-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Contact messages' }).click();
    await heading(page).filter({ hasText: 'Contact messages' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-contacts-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a plain "page not found" for an unknown admin address, inside the panel', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/no-such-page');
    await heading(page).filter({ hasText: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/admin/home');
    await context.close();
  });
});
