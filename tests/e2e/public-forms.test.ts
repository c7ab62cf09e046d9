import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { adminCaller } from '../setup/callers.ts';
import { browserAndSiteForFile, matchesOf, type Site } from './support/site.ts';
import { failProcedures, holdRequests, openPage, recordProcedureCalls, startPublicSite, visit } from './support/public-site.ts';
import { folderOf } from '../setup/stored.ts';

let browser: Browser;
let site: Site;
let photo: Buffer;
browserAndSiteForFile(startPublicSite, (started) => ([browser, site] = started));
beforeAll(async () => {
  // A phone photo as it leaves the camera: with GPS coordinates and a camera make in its EXIF.
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 150, g: 60, b: 110 } } })
    .withExif({
      IFD0: { Make: 'LeakyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '51/1 23/1 20/1' },
    })
    .jpeg()
    .toBuffer();
});

const admin = async () => (await adminCaller(site.deps)).caller;

/** The toast's title and text, once one shows. */
async function toast(page: Page) {
  const item = page.locator('[data-toast]').last();
  await item.waitFor();
  const lines = (await item.innerText()).split('\n').filter(Boolean);
  return { kind: await item.getAttribute('data-toast'), title: lines[0], text: lines[1], box: (await item.boundingBox())! };
}

async function dismissToasts(page: Page) {
  for (const close of await matchesOf(page.locator('[data-toast] button'))) await close.click();
}

describe('the contact form', () => {
  it('checks the fields with the shared rules before sending anything', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/contact');
    const calls = recordProcedureCalls(page);
    await page.getByTestId('submit').click();
    const errors = page.getByTestId('form-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toContain('This field is required.');
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Maryam');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello');
    await page.getByTestId('submit').click();
    await expect.poll(() => errors.innerText()).toContain('Enter a valid e-mail address.');
    expect(calls.filter((name) => name === 'contacts.create')).toEqual([]);
    await context.close();
  });

  it('uploads the image with a visible progress bar, sends, thanks the visitor, resets, and stores the message', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/contact');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Maryam Ahmadi');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('Maryam@Example.org');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('I have documents about the court case.\n\nPlease contact me.');
    const releaseUpload = await holdRequests(page, /\/api\/uploads/);
    // A name whose direction override would make it read "evidenceexe.jpg": shown without it.
    await page.getByLabel('Image (optional)').setInputFiles({ name: 'evidence\u202Egpj.exe', mimeType: 'image/jpeg', buffer: photo });
    expect(await page.locator('bdi', { hasText: 'evidence' }).innerText()).toBe('evidencegpj.exe');
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.isVisible()).toBe(true);
    const submit = page.getByTestId('submit');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.innerText()).toBe('Uploading…');
    releaseUpload();
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    // Cleaning runs in a media worker process after the bytes are sent: allow for it on a busy machine.
    await expect.poll(() => submit.isDisabled(), { timeout: 15_000 }).toBe(false);

    const releaseSend = await holdRequests(page, /\/trpc\/contacts\.create/);
    await submit.click();
    await expect.poll(() => submit.innerText()).toBe('Sending…');
    expect(await submit.isDisabled()).toBe(true);
    releaseSend();
    const shown = await toast(page);
    expect([shown.kind, shown.title, shown.text]).toEqual(['success', 'Success', 'Added Successfully.']);
    // Top right of the window.
    expect(shown.box.y).toBeLessThan(40);
    expect(shown.box.x + shown.box.width).toBeGreaterThan(1280 - 40);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Image (optional)').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);

    const stored = (await (await admin()).contacts.list({})).items.find((item) => item.name === 'Maryam Ahmadi');
    expect(stored).toMatchObject({ email: 'maryam@example.org', message: 'I have documents about the court case.\n\nPlease contact me.', status: 'pending' });
    expect(stored?.image).toMatch(/^images\/[a-z0-9]+\.jpg$/);
    // What was stored carries no location: the image was cleaned on the server.
    const metadata = await sharp(folderOf(site.deps.storage).absolute(stored!.image!)).metadata();
    expect(metadata.exif).toBeUndefined();
    await context.close();
  });

  it('shows the server errors under their fields, in a list above the form and in an error toast', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await visit(page, '/contact');
    await failProcedures(page, {
      'contacts.create': {
        code: 'BAD_REQUEST',
        message: 'Please correct the highlighted fields.',
        fieldErrors: { email: ['This address cannot receive mail.'] },
      },
    });
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sara');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('sara@example.org');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Test');
    await page.getByTestId('submit').click();
    const shown = await toast(page);
    expect([shown.kind, shown.title, shown.text]).toEqual(['error', 'Error', 'Please correct the highlighted fields.']);
    expect(await page.getByTestId('form-errors').innerText()).toContain('This address cannot receive mail.');
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText()).toBe('This address cannot receive mail.');
    // The visitor's text stays, to be corrected.
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('Test');
    await context.close();
  });
});

describe('the story form', () => {
  it('tells the visitor before sending what happens to a photo, then stores the story for the editors', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'fa', viewport: 'phone' });
    await visit(page, '/yourStory');
    const note = page.getByTestId('privacy-note');
    expect(await note.innerText()).toContain(faPublic.story.privacy.points[0]);
    expect((await note.boundingBox())!.y).toBeLessThan((await page.getByTestId('submit').boundingBox())!.y);

    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByTestId('form-errors').innerText()).toContain('پر کردن این بخش الزامی است.');

    await page.getByRole('textbox', { name: faPublic.story.fields.title, exact: true }).fill('صدای ما');
    await page.getByRole('textbox', { name: faPublic.story.fields.description, exact: true }).fill('بند نخست روایت.\n\nبند دوم روایت.');
    await page.getByLabel(faPublic.story.fields.media).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.getByTestId('submit').click();
    const shown = await toast(page);
    expect([shown.kind, shown.title, shown.text]).toEqual(['success', faPublic.toasts.storyAdded, faPublic.story.reviewNote]);
    expect(await page.getByRole('textbox', { name: faPublic.story.fields.title, exact: true }).inputValue()).toBe('');

    const pending = (await (await admin()).stories.list({ status: 'pending' })).items.find((story) => story.title === 'صدای ما');
    expect(pending).toMatchObject({ description: 'بند نخست روایت.\n\nبند دوم روایت.', mediaKind: 'image' });
    // Kept on the private side of the storage until an editor publishes the story.
    const stored = folderOf(site.deps.storage).absolute(pending!.media!);
    expect(stored.startsWith(folderOf(site.deps.storage).privateRoot)).toBe(true);
    expect(fs.existsSync(stored)).toBe(true);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(fs.readFileSync(stored).includes(Buffer.from('LeakyCam'))).toBe(false);
    // Not public until an editor publishes it.
    expect(await page.getByText('صدای ما').count()).toBe(0);
    await context.close();
  });

  it('says in words what went wrong, with Try again, when the story never reached the server', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/yourStory');
    await page.route(/\/trpc\/stories\.create/, (route) => route.abort());
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Lost story');
    await page.getByRole('textbox', { name: 'Your story', exact: true }).fill('Text');
    await page.getByTestId('submit').click();
    const shown = await toast(page);
    expect([shown.kind, shown.title, shown.text]).toEqual(['error', 'Failed to add story', enCommon.failure.network]);
    await page.locator('[data-toast]').getByRole('button', { name: enCommon.tryAgain }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Lost story');
    await context.close();
  });
});

describe('the newsletter form', () => {
  it.each(['en', 'fa'] as const)('asks for an address, checks it, subscribes it and says so (%s)', async (lang) => {
    const texts = lang === 'fa' ? faPublic : enPublic;
    const { context, page } = await openPage(browser, site, { lang, viewport: lang === 'fa' ? 'phone' : 'desktop' });
    await visit(page, '/about');
    const form = page.getByTestId('newsletter-form');
    const input = form.getByLabel(texts.newsletter.title);
    await form.getByTestId('newsletter-submit').click();
    let shown = await toast(page);
    expect([shown.kind, shown.title, shown.text]).toEqual(['error', texts.toasts.required, texts.toasts.enterEmail]);
    await dismissToasts(page);

    await input.fill('reader@');
    await form.getByTestId('newsletter-submit').click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe(lang === 'fa' ? 'یک نشانی ایمیل معتبر وارد کنید.' : 'Enter a valid e-mail address.');

    const address = `reader-${lang}@example.org`;
    await input.fill(address);
    await form.getByTestId('newsletter-submit').click();
    shown = await toast(page);
    expect([shown.kind, shown.title, shown.text]).toEqual(['success', texts.toasts.subscribed, texts.toasts.subscribedText]);
    expect(await input.inputValue()).toBe('');
    const subscribers = (await (await admin()).newsletter.list({ pageSize: 50 })).items.map((item) => item.email);
    expect(subscribers).toContain(address);
    await context.close();
  });

  it('shows the server message on failure, else what went wrong in words', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/');
    const form = page.getByTestId('newsletter-form');
    await failProcedures(page, { 'newsletter.subscribe': { message: 'Too many attempts. Please wait a little and try again.', code: 'BAD_REQUEST' } });
    await form.getByLabel('Newsletter').fill('someone@example.org');
    await form.getByTestId('newsletter-submit').click();
    let shown = await toast(page);
    expect([shown.title, shown.text]).toEqual(['Failed', 'Too many attempts. Please wait a little and try again.']);
    await dismissToasts(page);
    await page.unrouteAll();
    await page.route(/\/trpc\/newsletter\.subscribe/, (route) => route.abort());
    await form.getByTestId('newsletter-submit').click();
    shown = await toast(page);
    expect([shown.title, shown.text]).toEqual(['Failed', enCommon.failure.network]);
    await context.close();
  });
});
