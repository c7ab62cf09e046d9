import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeContactWithImage, makeStoryWithImage } from '../factories/admin-content.ts';
import { makeContact, makeStory, makeSubscriber } from '../factories/index.ts';
import { confirmDialog, expectToast, heading, openAdmin, publicQuery } from './support/admin.ts';
import { browserAndSiteForFile, screenshot, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, (started) => ([browser, site] = started));

describe('contact messages', () => {
  it('are listed as pending, opened in a dialog with the day they came (kept to the day, so no time), marked read, and deleted', async () => {
    await makeContact(site.deps, { name: 'Older visitor', message: 'An older question.' });
    await makeContactWithImage(site.deps, {
      name: 'Shirin Rahimi',
      email: 'shirin@example.org',
      message: 'Hello,\nI have photos from the protest in Mashhad and would like to share them with you.',
    });
    const { context, page, problems } = await openAdmin(browser, site, '/admin/contacts');
    await heading(page).filter({ hasText: 'Contact messages' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');
    const row = page.getByTestId('contact-row').filter({ hasText: 'Shirin Rahimi' });
    await row.getByRole('button', { name: /^Open/ }).click();

    const dialog = page.getByTestId('contact-dialog');
    await dialog.getByText('Message from Shirin Rahimi').waitFor();
    await dialog.getByText('shirin@example.org').waitFor();
    await dialog.getByText('I have photos from the protest in Mashhad', { exact: false }).waitFor();
    // The day it came, as the site keeps it (the UTC day), e.g. "21 November 2026": no time of day to line up with a network log.
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect(await dialog.getByTestId('contact-date').textContent()).toBe(today);
    const image = dialog.getByRole('img', { name: 'Image sent by Shirin Rahimi' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The dialog is modal: focus is inside it, and Escape closes it.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    await screenshot(page, 'admin-contact-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Opening it marked it read: it left the pending list.
    await row.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await page.waitForURL('**/admin/contacts?status=read');
    const readRow = page.getByTestId('contact-row').filter({ hasText: 'Shirin Rahimi' });
    await readRow.getByRole('button', { name: /^Open/ }).click();
    await dialog.getByText('Read', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Mark as unread' }).click();
    await expectToast(page, 'Marked as unread');
    await dialog.getByText('Pending', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Mark as read' }).click();
    await expectToast(page, 'Message marked as read');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expectToast(page, 'Message deleted successfully');
    await page.getByText('No read messages.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('stories', () => {
  it('show "No stories available." when there are none', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/stories/all?status=published');
    await page.getByText('No stories available.').waitFor();
    await context.close();
  });

  it('open in a dialog with the full title, the image and the description, and are published only after a reminder', async () => {
    const title = 'What happened after I asked to keep studying at university in Kabul';
    const id = await makeStoryWithImage(site.deps, {
      title,
      description: 'I was told to stay home.\n\nBut my sisters and I kept reading together every evening.',
    });
    await makeStory(site.deps, { title: 'A second, shorter story' });
    const { context, page, problems } = await openAdmin(browser, site, '/admin/stories/all');
    const card = page.getByTestId('story-card').filter({ hasText: title.slice(0, 40) });
    await card.click();

    const dialog = page.getByTestId('story-dialog');
    await dialog.getByRole('heading', { name: title }).waitFor();
    const image = dialog.getByTestId('story-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await dialog.getByTestId('story-description').textContent()).toContain('But my sisters and I kept reading together every evening.');
    // When it came, to the day only.
    await dialog.getByText(`Received ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date())}`, { exact: true }).waitFor();
    await screenshot(page, 'admin-story-dialog');

    expect(await publicQuery(site, 'stories.publishedById', { id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    const reminder = page.getByTestId('confirm-dialog');
    await reminder.getByText("The author's own words", { exact: false }).waitFor();
    await reminder.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Story published');
    await dialog.getByText('Published', { exact: true }).waitFor();
    expect(await publicQuery(site, 'stories.publishedById', { id })).toMatchObject({ ok: true, data: { title } });

    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(page, 'Story unpublished');
    expect(await publicQuery(site, 'stories.publishedById', { id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expectToast(page, 'Story deleted successfully');
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the newsletter', () => {
  it('lists subscribers, exports them as a CSV file, and removes one', async () => {
    await makeSubscriber(site.deps, 'reader.one@example.org');
    await makeSubscriber(site.deps, 'reader.two@example.org');
    const { context, page, problems } = await openAdmin(browser, site, '/admin/newsletter');
    await page.getByText('2 subscribers').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('email,subscribed_at,state,language');
    expect(csv).toContain('reader.one@example.org');
    expect(csv).toContain('reader.two@example.org');
    await expectToast(page, 'Subscriber list downloaded');
    await screenshot(page, 'admin-newsletter');

    await page
      .getByTestId('subscriber-row')
      .filter({ hasText: 'reader.one@example.org' })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirmDialog(page);
    await expectToast(page, 'Subscriber removed successfully');
    await page.getByText('1 subscriber', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
