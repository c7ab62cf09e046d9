import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enAdmin from '../../src/client/locales/en/admin.json' with { type: 'json' };
import faAdmin from '../../src/client/locales/fa/admin.json' with { type: 'json' };
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { contactMessages, newsletterSubscribers, stories, uploads } from '../../src/server/db/schema.ts';
import { message } from '../../src/shared/messages.ts';
import { makeJpegWithGps, secretPlace } from '../factories/media.ts';
import { unique } from '../factories/index.ts';
import { browserAndSiteForFile, matchesOf, viewports, type Site } from './support/site.ts';
import { expectAccessible, startSeededSite, YOUTUBE_LINK, type SeedManifest } from './support/public-site.ts';
import { folderOf } from '../setup/stored.ts';

const run = promisify(execFile);
const texts = { en: enPublic, fa: faPublic } as const;
type Lang = keyof typeof texts;

let browser: Browser;
let site: Site;
let seed: SeedManifest;
browserAndSiteForFile(
  () => startSeededSite({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' }),
  (started) => ([browser, { site, seed }] = started),
);

/** Tor Browser at its Safest level, on a phone: no JavaScript at all. */
async function openWithoutScripts(lang: Lang) {
  const context = await browser.newContext({ viewport: viewports.phone, baseURL: site.url, javaScriptEnabled: false, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
  const page = await context.newPage();
  // Every address the tab loads, to show that nothing typed ever reaches one.
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  return { context, page, addresses };
}

const storiesTitled = async (title: string) => await site.deps.db.select().from(stories).where(eq(stories.title, title));
const messagesFrom = async (name: string) => await site.deps.db.select().from(contactMessages).where(eq(contactMessages.name, name));
const subscribersOf = async (email: string) => await site.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

function expectNothingTyped(addresses: string[], typed: string[]) {
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replace(/\+/g, ' '));
    for (const text of typed) expect(decoded, address).not.toContain(text);
  }
}

/**
 * axe needs scripts, which this page has not: the page as shown (its HTML with the menu's open
 * state, without the site's scripts) is checked in a tab that runs them, at the same address.
 */
async function expectAccessibleAsShown(page: Page, label: string) {
  const html = (await page.content()).replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
  const context = await browser.newContext({ viewport: viewports.phone, reducedMotion: 'reduce' });
  const checker = await context.newPage();
  await checker.route(page.url(), (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await checker.goto(page.url());
  expect(await checker.locator('script[type=module]').count()).toBe(0);
  await expectAccessible(checker, label);
  await context.close();
}

async function submit(page: Page, form: string) {
  await Promise.all([page.waitForEvent('load'), page.locator(`[data-testid="${form}"] button[type=submit]`).click()]);
}

describe('without JavaScript, at 375 px', () => {
  it.each(['en', 'fa'] as const)('sends a story with a GPS-tagged photo: stored once, cleaned, and no address holds what was typed (%s)', async (lang) => {
    const { context, page, addresses } = await openWithoutScripts(lang);
    const title = unique(lang === 'fa' ? 'بازداشت خواهرم' : 'They arrested my sister');
    const description = `${unique('story')} ${lang === 'fa' ? 'در خیابان ولیعصر، ساعت هشت شب.' : 'On Valiasr street at eight in the evening.'}`;
    const photo = await makeJpegWithGps(site.deps, { width: 320, height: 240 });
    expect((await run('/usr/bin/exiftool', ['-s', '-GPSLatitude', photo])).stdout).toContain('GPSLatitude');

    await page.goto('/yourStory');
    const form = page.getByTestId('story-form');
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('enctype')).toBe('multipart/form-data');
    await form.locator('[name=title]').fill(title);
    await form.locator('[name=description]').fill(description);
    await form.locator('input[type=file][name=media]').setInputFiles(photo);
    await submit(page, 'story-form');

    expect(new URL(page.url()).pathname).toBe('/sent/story');
    expect(await page.getByTestId('page-title').innerText()).toBe(texts[lang].sent.story.title);
    expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({
      lang,
      dir: lang === 'fa' ? 'rtl' : 'ltr',
    });
    // A reload of the confirmation page sends nothing again.
    await page.reload();
    const stored = await storiesTitled(title);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ description, status: 'pending', mediaKind: 'image' });
    expectNothingTyped(addresses, [title, description]);

    // The stored photo has no EXIF, XMP or GPS left, read by an independent tool.
    const file = folderOf(site.deps.storage).absolute(stored[0]!.media!);
    const tags = JSON.parse((await run('/usr/bin/exiftool', ['-j', '-G', '-a', file])).stdout)[0] as Record<string, unknown>;
    const leaks = Object.keys(tags).filter((key) => /^(EXIF|XMP|Composite:GPS)/.test(key) || /GPS|Make|Model/.test(key));
    expect(leaks).toEqual([]);
    const meta = await sharp(file).metadata();
    expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
    expect(fs.readFileSync(file).includes(secretPlace.cameraMake)).toBe(false);
    await context.close();
  });

  it.each(['en', 'fa'] as const)('sends a contact message and a subscription, each stored once (%s)', async (lang) => {
    const { context, page, addresses } = await openWithoutScripts(lang);
    const name = unique('Maryam');
    const email = `${unique('writer')}@example.org`;
    const body = `${unique('message')} ${lang === 'fa' ? 'لطفاً با من تماس بگیرید.' : 'Please get in touch.'}`;
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    expect(await form.getAttribute('method')).toBe('post');
    await form.locator('[name=name]').fill(name);
    await form.locator('[name=email]').fill(email);
    await form.locator('[name=message]').fill(body);
    await submit(page, 'contact-form');
    expect(new URL(page.url()).pathname).toBe('/sent/contact');
    expect(await page.getByTestId('page-title').innerText()).toBe(texts[lang].sent.contact.title);
    await page.reload();
    expect(await messagesFrom(name)).toHaveLength(1);
    expect((await messagesFrom(name))[0]).toMatchObject({ email, message: body });

    const subscriber = `${unique('reader')}@example.org`;
    await page.goto('/about');
    const newsletter = page.getByTestId('newsletter-form');
    expect(await newsletter.getAttribute('method')).toBe('post');
    await newsletter.locator('[name=email]').fill(subscriber);
    await submit(page, 'newsletter-form');
    expect(new URL(page.url()).pathname).toBe('/sent/newsletter');
    expect(await page.getByTestId('page-title').innerText()).toBe(texts[lang].sent.newsletter.title);
    await page.reload();
    expect(await subscribersOf(subscriber)).toHaveLength(1);
    expectNothingTyped(addresses, [name, email, body, subscriber, subscriber.replace('@', '%40')]);
    await context.close();
  });

  it.each(['en', 'fa'] as const)(
    "answers an invalid story with the server's messages in the page's language, keeping the text and storing nothing (%s)",
    async (lang) => {
      const { context, page, addresses } = await openWithoutScripts(lang);
      const description = `${unique('kept')} ${lang === 'fa' ? 'متنی که نباید گم شود.' : 'Text that must not be lost.'}`;
      const uploadsBefore = (await site.deps.db.select().from(uploads)).length;
      await page.goto('/yourStory');
      const form = page.getByTestId('story-form');
      await form.locator('[name=description]').fill(description);
      await form.locator('input[type=file][name=media]').setInputFiles(await makeJpegWithGps(site.deps));
      const [response] = await Promise.all([page.waitForResponse((answer) => answer.request().method() === 'POST'), submit(page, 'story-form')]);
      expect(response.status()).toBe(422);
      expect(new URL(page.url()).pathname).toBe('/yourStory');
      expect(new URL(page.url()).search).toBe('');

      const required = message(lang, 'required');
      const summary = page.locator('[data-testid="story-form"] [role=alert]');
      expect(await summary.innerText()).toContain(required);
      const titleField = page.locator('[data-testid="story-form"] [name=title]');
      expect(await titleField.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await titleField.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).innerText()).toBe(required);
      expect(await page.locator('[data-testid="story-form"] [name=description]').inputValue()).toBe(description);
      // The photo was not kept: the page says to choose it again, and no upload is left behind.
      expect(await form.innerText()).toContain(texts[lang].forms.chooseFileAgain);
      await expectAccessibleAsShown(page, `refused story without JavaScript (${lang})`);
      expect(await site.deps.db.select().from(uploads)).toHaveLength(uploadsBefore);
      expect(await site.deps.db.select().from(stories).where(eq(stories.description, description))).toEqual([]);
      expectNothingTyped(addresses, [description]);

      // Corrected and sent again from that page, it is stored once.
      const title = unique('title');
      await titleField.fill(title);
      await submit(page, 'story-form');
      expect(new URL(page.url()).pathname).toBe('/sent/story');
      expect(await storiesTitled(title)).toHaveLength(1);
      await context.close();
    },
  );

  it.each(['en', 'fa'] as const)(
    "answers an invalid contact message and an invalid subscription with the server's messages, keeping what was typed and storing nothing (%s)",
    async (lang) => {
      const { context, page, addresses } = await openWithoutScripts(lang);
      const name = unique('Nasrin');
      const body = `${unique('kept')} ${lang === 'fa' ? 'پیامی که نباید گم شود.' : 'A message that must not be lost.'}`;
      await page.goto('/contact');
      const form = page.getByTestId('contact-form');
      await form.locator('[name=name]').fill(name);
      await form.locator('[name=email]').fill('not-an-address');
      await form.locator('[name=message]').fill(body);
      const [refused] = await Promise.all([page.waitForResponse((answer) => answer.request().method() === 'POST'), submit(page, 'contact-form')]);
      expect(refused.status()).toBe(422);
      expect(new URL(page.url()).pathname).toBe('/contact');
      const emailField = form.locator('[name=email]');
      expect(await emailField.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('[data-testid="contact-form"] [role=alert]').innerText()).toContain(message(lang, 'invalidEmail'));
      expect([await form.locator('[name=name]').inputValue(), await emailField.inputValue(), await form.locator('[name=message]').inputValue()]).toEqual([
        name,
        'not-an-address',
        body,
      ]);
      expect(await messagesFrom(name)).toEqual([]);

      const before = (await site.deps.db.select().from(newsletterSubscribers)).length;
      await page.goto('/about');
      const newsletter = page.getByTestId('newsletter-form');
      await newsletter.locator('[name=email]').fill('still not an address');
      const [refusedSubscription] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'POST'),
        submit(page, 'newsletter-form'),
      ]);
      expect(refusedSubscription.status()).toBe(422);
      expect(await page.getByTestId('newsletter-form').innerText()).toContain(message(lang, 'invalidEmail'));
      expect(await page.getByTestId('newsletter-form').locator('[name=email]').inputValue()).toBe('still not an address');
      expect(await site.deps.db.select().from(newsletterSubscribers)).toHaveLength(before);
      expectNothingTyped(addresses, [name, body, 'not-an-address', 'still not an address']);
      await context.close();
    },
  );

  it('switches language with links that keep the choice on the next page, reaches every header link from the plain menu, and links videos', async () => {
    const { context, page } = await openWithoutScripts('en');
    await page.goto('/about');
    const menu = page.getByTestId('plain-menu');
    const panel = page.getByTestId('plain-menu-panel');
    expect(await panel.isVisible()).toBe(false);
    await page.getByTestId('plain-menu-button').click();
    expect(await panel.isVisible()).toBe(true);
    const hrefs = await panel.locator('nav a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/home',
      '/latestnews',
      '/reports',
      '/articles',
      '/about',
      '/yourStory',
      '/legal-awareness',
      '/gallery',
      '/contact',
      '/iran',
      '/afghanistan',
    ]);
    for (const link of await matchesOf(panel.locator('a'))) expect(await link.isVisible()).toBe(true);
    await expectAccessibleAsShown(page, 'plain phone menu without JavaScript');

    await Promise.all([page.waitForEvent('load'), menu.getByTestId('lang-fa').click()]);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({ lang: 'fa', dir: 'rtl' });
    expect(await page.getByTestId('page-title').innerText()).toBe(faPublic.about.title);
    // The next link (no ?lang) stays in Persian: the server remembered the choice. In Persian the
    // plain menu reaches every header link too.
    await page.getByTestId('plain-menu-button').click();
    const faPanel = page.getByTestId('plain-menu-panel');
    expect(await faPanel.locator('nav a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(hrefs);
    for (const link of await matchesOf(faPanel.locator('a'))) expect(await link.isVisible()).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('plain-menu-panel').locator('a[href="/contact"]').click()]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('page-title').innerText()).toBe(faPublic.contact.title);
    await page.getByTestId('plain-menu-button').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('plain-menu-panel').getByTestId('lang-en').click()]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');

    // A video's poster is a link to the player on youtube-nocookie, in a new tab.
    await page.goto(`/news/${seed.news[1]}`);
    const poster = page.getByTestId('video-poster');
    const id = new URL(YOUTUBE_LINK).searchParams.get('v');
    expect(await poster.evaluate((a) => [a.tagName, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      'A',
      `https://www.youtube-nocookie.com/embed/${id}`,
      '_blank',
    ]);
    await context.close();
  });

  it('says on the sign-in page, in both languages, that signing in needs JavaScript', async () => {
    const { context, page } = await openWithoutScripts('fa');
    await page.goto('/login');
    const note = page.getByTestId('login-noscript');
    expect(await note.isVisible()).toBe(true);
    expect(await note.innerText()).toContain(enAdmin.login.needsJavaScript);
    expect(await note.innerText()).toContain(faAdmin.login.needsJavaScript);
    expect(await page.locator('form').getAttribute('method')).toBe('post');
    await context.close();
  });
});

describe('on a slow network, before the scripts arrive', () => {
  it('opens the phone menu on a tap without the application, and the menu carries on as the drawer once it is woken', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, baseURL: site.url, reducedMotion: 'reduce' });
    const page = await context.newPage();
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByTestId('plain-menu-button').click();
    expect(await page.getByTestId('plain-menu-panel').isVisible()).toBe(true);
    release();
    // Opening the menu needs no application (src/client/wake.ts); a reader entering a field would wake it.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('plain-menu').count()).toBe(1);
    await page.evaluate(() => document.dispatchEvent(new Event('site:wake')));
    const drawer = page.getByRole('dialog', { name: enPublic.nav.menu });
    await drawer.waitFor();
    expect(await page.getByTestId('plain-menu').count()).toBe(0);
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('keeps what was typed into a form before the scripts arrived, and sends it once they run', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, baseURL: site.url, reducedMotion: 'reduce' });
    const page = await context.newPage();
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    const name = unique('early');
    const form = page.getByTestId('contact-form');
    await form.locator('[name=name]').fill(name);
    await form.locator('[name=email]').fill('early@example.org');
    await form.locator('[name=message]').fill('Typed on a slow connection.');
    release();
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
    await page.getByTestId('menu-button').waitFor();
    await form.getByTestId('submit').click();
    await page.locator('[data-toast="success"]').waitFor();
    expect(await messagesFrom(name)).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/contact');
    await context.close();
  });
});
