import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { confirmSubscription } from '../../src/server/mail/subscriptions.ts';
import { mailWords } from '../../src/server/mail/words.ts';
import type { Language } from '../../src/shared/locale.ts';
import { makeNewsletter } from '../factories/index.ts';
import { makePost } from '../factories/public-content.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { repoRoot } from '../setup/paths.ts';
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts';
import { expectToast, field, heading, openAdmin } from './support/admin.ts';
import { expectAccessible } from './support/public-browser.ts';
import { browserAndSiteForFile, newContext, screenshot, startSite, viewports, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
let smtp: TestSmtp;

/**
 * A site that really sends mail, to a real SMTP server in this process. Its sender loop is not
 * running at first (e2e sites, unlike a node, start no background work): the test runs the
 * sender's turns itself for the confirmation mails, and starts the loop once it has shown that an
 * edition waits, pauses and resumes.
 */
async function mailingSite(): Promise<Site> {
  smtp = await startTestSmtp();
  const started = await startSite({ SMTP_URL: smtp.url, MAIL_FROM: 'News <news@example.org>', MAIL_RATE_PER_MINUTE: '600', MAIL_RETRY_SECONDS: '0.2' });
  // The site's address is known only once it listens; in production PUBLIC_URL is the address the
  // panel is opened at, so the mails' pictures and links come from the panel's own origin.
  Object.assign(started.deps.env, { PUBLIC_URL: started.url });
  return {
    ...started,
    async close() {
      await started.deps.mail.stop();
      await started.close();
      await smtp.close();
    },
  };
}
browserAndSiteForFile(mailingSite, (started) => ([browser, site] = started));

/** The panel's own words in each language, so the test reads what an editor reads. */
const admin = (lang: Language) => JSON.parse(fs.readFileSync(path.join(repoRoot, `src/client/locales/${lang}/admin.json`), 'utf8'));
const fa = admin('fa');

/** Runs the sender's turns until nothing is due (the loop is not running yet). */
async function drainMail() {
  for (let turn = 0; turn < 50; turn++) {
    const wait = await site.deps.mail.turn();
    if (wait > 1000) return;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Readers who subscribed through the site's form procedure in their language and confirmed from their mail. */
async function confirmedReaders(readers: Record<string, Language>, unconfirmed: string) {
  for (const [email, lang] of [...Object.entries(readers), [unconfirmed, 'fa'] as const])
    await publicCaller(site.deps, { lang }).newsletter.subscribe({ email });
  await drainMail();
  for (const email of Object.keys(readers)) {
    const [mail] = smtp.to(email);
    expect(mail?.parsed.subject).toBe(mailWords[readers[email]!].confirmSubject);
    const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail!.parsed.text ?? '')?.[1];
    expect(await confirmSubscription(site.deps.db, token!, new Date())).toEqual({ language: readers[email] });
  }
}

/** The preview frame once it shows this language's mail; the frame is sandboxed, its document the mail. */
async function previewShows(page: Page, lang: Language, subject: string) {
  await page.getByTestId(`preview-${lang}`).click();
  await page.locator(`[data-testid="preview-frame"][data-language="${lang}"]`).waitFor();
  expect(await page.getByTestId('preview-subject').textContent()).toBe(subject);
  const mail = page.frameLocator('[data-testid="preview-frame"]');
  await mail.getByRole('heading', { name: subject }).waitFor();
  expect(await mail.locator('html').getAttribute('dir')).toBe(lang === 'fa' ? 'rtl' : 'ltr');
  // The listed item's picture comes from the site: the panel's security policy lets the frame show it.
  const picture = mail.locator('img').first();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

const progress = (page: Page) => page.getByTestId('send-progressbar');
const count = (page: Page, key: string) => page.getByTestId(`count-${key}`).getByTestId('count-value');

describe('composing and sending a newsletter', () => {
  it('writes an edition in Persian and English, previews and tests it, sends it to every confirmed reader once in their language, with a live progress bar', async () => {
    const readers: Record<string, Language> = {
      'maryam@example.org': 'fa',
      'shirin@example.org': 'fa',
      'parisa@example.org': 'fa',
      'anna@example.org': 'en',
      'lucy@example.org': 'en',
    };
    await confirmedReaders(readers, 'never.confirmed@example.org');
    const item = await makePost(site.deps, 'news', {
      titleEn: 'Teachers keep a school open in Herat',
      titleFa: 'آموزگاران مدرسه‌ای را در هرات باز نگه می‌دارند',
    });
    const subject = { fa: 'خبرنامهٔ این هفته: مدرسه‌های پنهانی', en: 'This week: the hidden schools' };

    const { context, page, problems } = await openAdmin(browser, site, '/admin/newsletters', { lang: 'fa', role: 'editor' });
    await heading(page).filter({ hasText: fa.newsletters.listTitle }).waitFor();
    await page.getByTestId('confirmed-readers').filter({ hasText: 'خوانندگان تأییدشده: ۳ فارسی، ۲ انگلیسی.' }).waitFor();
    expect(await page.getByTestId('mail-not-configured').count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: fa.newsletters.new }).click();

    // Composing: a subject and a message per language (no picture button: pictures come from the items), and one item.
    await heading(page).filter({ hasText: fa.newsletters.addTitle }).waitFor();
    await field(page, fa.newsletters.fields.subjectFa).fill(subject.fa);
    await field(page, fa.newsletters.fields.subjectEn).fill(subject.en);
    await field(page, fa.newsletters.fields.bodyFa).fill('دوستان گرامی، این هفته از آموزگارانی می‌خوانید که درس را ادامه می‌دهند.');
    await field(page, fa.newsletters.fields.bodyEn).fill('Dear readers, this week you read about teachers who keep lessons going.');
    expect(await page.getByTestId('editor-image').count()).toBe(0);
    expect(await page.getByTestId('editor-library').count()).toBe(0);
    await page.getByTestId('pickable-item').filter({ hasText: item.titleFa }).click();
    await page.getByTestId('items-chosen').filter({ hasText: '۱ از ۲۰ برگزیده' }).waitFor();
    await screenshot(page, 'newsletter-compose-fa-desktop');
    await page.getByRole('button', { name: fa.newsletters.save, exact: true }).click();
    await expectToast(page, fa.newsletters.saved);
    await page.waitForURL(/\/admin\/newsletters\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // The preview in both languages, as readers receive it.
    await previewShows(page, 'fa', subject.fa);
    await screenshot(page, 'newsletter-draft-fa-desktop');
    await previewShows(page, 'en', subject.en);

    // A test to one address: each written language, now, marked as a test.
    await field(page, fa.newsletters.test.email).fill('editor.test@example.org');
    await page.getByRole('button', { name: fa.newsletters.test.send }).click();
    await expectToast(page, 'نامهٔ آزمایشی به \u2068editor.test@example.org\u2069 فرستاده شد');
    const tests = smtp.to('editor.test@example.org');
    expect(tests.map((mail) => mail.parsed.subject).sort()).toEqual([`[TEST] ${subject.en}`, `[TEST] ${subject.fa}`]);

    // Sending to everyone names the readers of each language in the confirmation.
    const sentBefore = smtp.received.length;
    await page.getByRole('button', { name: fa.newsletters.send.button }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('این خبرنامه برای ۵ خواننده فرستاده شود؟').waitFor();
    expect(await dialog.getByTestId('send-readers').locator('li').allTextContents()).toEqual(['فارسی: ۳ خوانندهٔ تأییدشده', 'انگلیسی: ۲ خوانندهٔ تأییدشده']);
    await screenshot(page, 'newsletter-send-confirm-fa-desktop');
    await dialog.getByRole('button', { name: fa.newsletters.send.confirm }).click();
    await expectToast(page, fa.newsletters.send.started);

    // Queued, not yet sent (the sender is not running): the bar waits at zero; pause and resume.
    await page.getByTestId('send-progress').waitFor();
    expect(await progress(page).getAttribute('aria-valuemax')).toBe('5');
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('0');
    expect(await count(page, 'remaining').textContent()).toBe('۵');
    expect(await page.getByTestId('newsletter-form').count()).toBe(0);
    await page.getByRole('button', { name: fa.newsletters.progress.pause }).click();
    await expectToast(page, fa.newsletters.progress.paused);
    await page.getByTestId('send-status').filter({ hasText: fa.newsletters.progress.pausedText }).waitFor();
    await screenshot(page, 'newsletter-paused-fa-desktop');
    await expectAccessible(page, 'a newsletter being sent, paused (fa)');
    await page.getByRole('button', { name: fa.newsletters.progress.resume }).click();
    await expectToast(page, fa.newsletters.progress.resumed);
    await page.getByRole('button', { name: fa.newsletters.progress.pause }).waitFor();

    // The sender starts, as a node starts it; each mail takes a moment, so the bar is seen moving.
    smtp.hold(400);
    const seen = new Set<string>();
    const watching = setInterval(() => {
      progress(page)
        .getAttribute('aria-valuenow', { timeout: 500 })
        .then((value) => value && seen.add(value))
        .catch(() => undefined);
    }, 100);
    site.deps.mail.start();
    await page.locator('[data-testid="send-progress"] [data-testid="edition-state"][data-state="sent"]').waitFor({ timeout: 15_000 });
    clearInterval(watching);
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('5');
    expect(await progress(page).getAttribute('aria-valuetext')).toBe('۵ از ۵ انجام شد');
    expect(await count(page, 'sent').textContent()).toBe('۵');
    expect(await count(page, 'failed').textContent()).toBe('۰');
    expect(await count(page, 'remaining').textContent()).toBe('۰');
    expect(
      [...seen].some((value) => Number(value) > 0 && Number(value) < 5),
      `values seen: ${[...seen].join(', ')}`,
    ).toBe(true);
    await page.getByTestId('send-status').filter({ hasText: 'پایان:' }).waitFor();
    await screenshot(page, 'newsletter-sent-fa-desktop');

    // Every confirmed reader received exactly one copy, in their language; the unconfirmed one none.
    const copies = smtp.received.slice(sentBefore);
    expect(copies).toHaveLength(5);
    for (const [email, lang] of Object.entries(readers)) {
      const received = copies.filter((mail) => mail.to === email);
      expect(
        received.map((mail) => mail.parsed.subject),
        email,
      ).toEqual([subject[lang]]);
      expect(received[0]!.parsed.html, email).toContain(`lang="${lang}"`);
      expect(received[0]!.header('list-unsubscribe'), email).toMatch(new RegExp(`\\?lang=${lang}>$`));
    }
    expect(copies.filter((mail) => mail.to === 'never.confirmed@example.org')).toEqual([]);
    const { caller } = await adminCaller(site.deps);
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', recipients: 5, sent: 5, failed: 0, remaining: 0 });

    // The list shows it sent, with its counts.
    await page.getByRole('link', { name: fa.newsletters.backToList }).click();
    const row = page.getByTestId('edition-row').filter({ hasText: subject.fa });
    await row.getByTestId('edition-state').filter({ hasText: fa.newsletters.states.sent }).waitFor();
    await row.getByText('۵ از ۵').waitFor();
    await screenshot(page, 'newsletter-list-fa-desktop');

    // The same screens on a phone (nothing wider than it), and in English. Only the first is
    // checked in CI: the others are for the screenshots, which CI does not take.
    const tour = async (session: { page: Page }, lang: Language, viewport: keyof typeof viewports) => {
      const { page: shown } = session;
      await shown.setViewportSize(viewports[viewport]);
      await shown.goto(`/admin/newsletters/${id}`);
      await shown.frameLocator('[data-testid="preview-frame"]').locator('h1').waitFor();
      expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
      // Chromium paints a frame of another origin (the sandbox's) only once it has been on screen.
      await shown.getByTestId('preview-frame').scrollIntoViewIfNeeded();
      await screenshot(shown, `newsletter-sent-${lang}-${viewport}`);
      await shown.goto('/admin/newsletters');
      await shown.getByTestId('edition-row').first().waitFor();
      await screenshot(shown, `newsletter-list-${lang}-${viewport}`);
      await shown.goto('/admin/newsletters/new');
      await shown.getByTestId('item-picker').waitFor();
      expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
      await screenshot(shown, `newsletter-compose-${lang}-${viewport}`);
    };
    await tour({ page }, 'fa', 'phone');
    expect(problems).toEqual([]);
    await context.close();
    if (!process.env.CI) {
      const english = await openAdmin(browser, site, '/admin/newsletters', { lang: 'en', role: 'editor' });
      for (const viewport of ['phone', 'desktop'] as const) await tour(english, 'en', viewport);
      expect(english.problems).toEqual([]);
      await english.context.close();
    }

    // What readers received, as a browser shows it, at a phone's and a desktop's width.
    const mails = await newContext(browser, site);
    const view = await mails.newPage();
    for (const lang of ['fa', 'en'] as const) {
      const received = copies.find((mail) => readers[mail.to] === lang)!;
      for (const viewport of ['phone', 'desktop'] as const) {
        await view.setViewportSize(viewports[viewport]);
        await view.setContent(String(received.parsed.html), { waitUntil: 'load' });
        expect(
          await view
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
        ).toBe(true);
        await screenshot(view, `newsletter-mail-${lang}-${viewport}`);
      }
    }
    await mails.close();
  });
});

describe('a site without mail settings', () => {
  it('says sending is not configured, naming SMTP_URL and MAIL_FROM, and offers no test or send while composing still works', async () => {
    const quiet = await startSite();
    try {
      const { caller } = await adminCaller(quiet.deps);
      const { id } = await makeNewsletter(quiet.deps, { subjectEn: 'Monthly letter', subjectFa: '', bodyEn: 'Hello, readers.', bodyFa: null });
      const { context, page, problems } = await openAdmin(browser, quiet, '/admin/newsletters');
      const notice = page.getByTestId('mail-not-configured');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/SMTP_URL.*MAIL_FROM.*README/);
      await page.goto(`/admin/newsletters/${id}`);
      await page.getByTestId('mail-not-configured').waitFor();
      await page.locator('[data-testid="preview-frame"][data-language="en"]').waitFor();
      expect(await page.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Send to everyone…' }).isDisabled()).toBe(true);
      // Composing still works: the draft saves.
      await field(page, 'Subject (English)').fill('Monthly letter, November');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Newsletter saved');
      expect((await caller.newsletters.byId({ id })).subjectEn).toBe('Monthly letter, November');
      await screenshot(page, 'newsletter-not-configured-en-desktop');
      await page.goto('/admin/newsletter');
      await page.getByTestId('mail-not-configured').waitFor();
      await screenshot(page, 'newsletter-subscribers-not-configured-en-desktop');
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await quiet.close();
    }
  });
});
