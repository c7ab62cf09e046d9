import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsletterDeliveries, newsletterSubscribers } from '../../src/server/db/schema.ts';
import { publicCaller } from '../setup/callers.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import type { TestServer } from '../setup/http.ts';
import {
  address,
  confirmLinkOf,
  drain,
  draftEdition,
  editionsTo,
  insertConfirmedReaders,
  ORIGIN,
  servedMailSiteForAllTests,
  subscriberRow,
  unsubscribeLinkOf,
} from '../setup/newsletter-kit.ts';
import type { TestSmtp } from '../setup/smtp.ts';
import type { TestDeps } from '../setup/test-db.ts';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };

/** One site for the file, serving its real pages over HTTP; each test uses readers of its own. */
const site = servedMailSiteForAllTests({ pages: true });
let deps: TestDeps;
let smtp: TestSmtp;
let server: TestServer;
beforeAll(() => ({ deps, smtp, server } = site));

const words = { en: enPublic.newsletterLinks, fa: faPublic.newsletterLinks };

/** A link from a mail, asked of the test server (the mail names the site's public address). */
const local = (url: string) => `${server.url}${url.slice(ORIGIN.length)}`;

/** What a mail program sends for one-click unsubscribe: a bare post, no cookies, no origin. */
const oneClick = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(local(url), { method: 'POST', body, headers, redirect: 'manual' });

/** What a reader's browser sends when the page's button is pressed: the form, empty, to the same address. */
const pressButton = (url: string) =>
  fetch(local(url), {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'sec-fetch-site': 'same-origin' },
    redirect: 'manual',
  });

async function pendingWithLink(language: 'en' | 'fa') {
  const email = address(`pending-${language}`);
  await publicCaller(deps, { lang: language }).newsletter.subscribe({ email });
  await drain(deps.mail);
  return { email, ...confirmLinkOf(smtp.to(email).at(-1)!) };
}

async function confirmedWithLink(language: 'en' | 'fa') {
  const [email] = await insertConfirmedReaders(deps, language, 1);
  const token = (await subscriberRow(deps, email!))!.unsubscribeToken!;
  return { email: email!, token, url: `${ORIGIN}/newsletter/unsubscribe/${token}?lang=${language}` };
}

const reader = async (email: string) => (await subscriberRow(deps, email)) ?? null;

describe('a confirmation link', () => {
  it('opens a page with a button in the reader’s language, and opening it (as a mail scanner does) changes nothing', async () => {
    const { email, url, token } = await pendingWithLink('fa');
    const before = await snapshot(deps);
    for (const method of ['GET', 'HEAD']) {
      for (const accept of ['text/html', '*/*']) {
        const response = await fetch(local(url), { method, headers: { accept } });
        expect(response.status).toBe(200);
        const html = await response.text();
        if (method === 'HEAD') continue;
        expect(html).toMatch(/<html[^>]* lang="fa"[^>]* dir="rtl"/);
        expect(html).toContain('data-testid="newsletter-confirm-button"');
        expect(html).toContain(words.fa.confirmButton);
        expect(html).toContain('method="post"');
        // No address of another site learns the token from the page's address.
        expect(response.headers.get('referrer-policy')).toBe('same-origin');
      }
    }
    expect(await snapshot(deps)).toEqual(before);
    expect((await reader(email))?.state).toBe('pending');
    // The page is kept once for every link: what another visitor gets never holds this reader's token.
    const other = await (await fetch(`${server.url}/newsletter/confirm/${'B'.repeat(43)}?lang=fa`)).text();
    expect(other).toContain(words.fa.confirmButton);
    expect(other).not.toContain(token);
  });

  it('lets the footer’s subscribe form on the page subscribe the address typed, without pressing the page’s button', async () => {
    const link = await pendingWithLink('en');
    const leaving = await confirmedWithLink('en');
    const typed = address('typed');
    for (const url of [link.url, leaving.url]) {
      const response = await fetch(local(url), {
        method: 'POST',
        body: new URLSearchParams({ _form: 'newsletter', email: typed }),
        headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/sent\/newsletter/);
    }
    expect((await reader(typed))?.state).toBe('pending');
    expect((await reader(link.email))?.state).toBe('pending');
    expect((await reader(leaving.email))?.state).toBe('confirmed');
  });

  it('confirms when the button is pressed, then lands on a page saying so; pressed again, says the link no longer works', async () => {
    const { email, url } = await pendingWithLink('fa');
    const first = await pressButton(url);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/newsletter/done/confirmed?lang=fa');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await reader(email))?.state).toBe('confirmed');
    const page = await fetch(`${server.url}${first.headers.get('location')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-outcome="confirmed"');
    expect(html).toContain(words.fa.confirmedTitle);

    const again = await pressButton(url);
    expect(again.headers.get('location')).toBe('/newsletter/done/expired?lang=fa');
    expect(await (await fetch(`${server.url}${again.headers.get('location')}`)).text()).toContain(words.fa.expiredTitle);
  });
});

describe('an unsubscribe link', () => {
  it('opens a page with a button in the reader’s language, and opening it changes nothing', async () => {
    const { email, url } = await confirmedWithLink('en');
    const before = await snapshot(deps);
    const response = await fetch(local(url));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="en"[^>]* dir="ltr"/);
    expect(html).toContain('data-testid="newsletter-unsubscribe-button"');
    expect(html).toContain(words.en.unsubscribeButton);
    expect(await snapshot(deps)).toEqual(before);
    expect((await reader(email))?.state).toBe('confirmed');
  });

  it('is the visible link of every edition, opening the page in the reader’s language', async () => {
    const [email] = await insertConfirmedReaders(deps, 'fa', 1);
    const { id, caller } = await draftEdition(deps);
    await caller.newsletters.send({ id });
    await drain(deps.mail);
    const mail = editionsTo(smtp, email!)[0]!;
    const { url } = unsubscribeLinkOf(mail);
    // The footer's link, by its words, is the List-Unsubscribe address.
    expect(String(mail.parsed.html)).toMatch(new RegExp(`<a href="${url.replace(/[?.]/g, '\\$&')}"[^>]*>لغو اشتراک</a>`));
    const html = await (await fetch(local(url))).text();
    expect(html).toMatch(/<html[^>]* lang="fa"[^>]* dir="rtl"/);
    expect(html).toContain(words.fa.unsubscribeButton);
  });

  it('unsubscribes when the page’s button is pressed, skips what is queued for the reader, and lands on a page in her language', async () => {
    const { email, url } = await confirmedWithLink('fa');
    const { id, caller } = await draftEdition(deps);
    await caller.newsletters.send({ id });
    const subscriberId = (await reader(email))!.id;
    const response = await pressButton(url);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/newsletter/done/unsubscribed?lang=fa');
    const page = await (await fetch(`${server.url}${response.headers.get('location')}`)).text();
    expect(page).toContain(words.fa.unsubscribedTitle);

    expect(await reader(email)).toBeNull();
    const [row] = await deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriberId));
    expect(row).toMatchObject({ email: null, state: 'unsubscribed', unsubscribeToken: null });
    const [delivery] = await deps.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, subscriberId));
    expect(delivery?.state).toBe('skipped');
    await drain(deps.mail);
    expect(smtp.to(email)).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('answers a mail program’s post, urlencoded or multipart, with 200, and the address is gone at once', async () => {
    for (const encoding of ['urlencoded', 'multipart'] as const) {
      const { email, url } = await confirmedWithLink('en');
      const form = new FormData();
      form.append('List-Unsubscribe', 'One-Click');
      const body = encoding === 'urlencoded' ? new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) : form;
      const response = await oneClick(url, body);
      expect(response.status, encoding).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toBe('Unsubscribed.\n');
      expect(await reader(email)).toBeNull();
      // Again (a mail program retrying): the same answer, and nothing else changes.
      const before = await snapshot(deps);
      expect((await oneClick(url, new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }))).status).toBe(200);
      expect(await snapshot(deps)).toEqual(before);
    }
  });

  it('refuses a huge or broken body without touching the reader, and never fails', async () => {
    const { email, url } = await confirmedWithLink('en');
    const before = await snapshot(deps);
    const form = (fields: number) => {
      const body = new FormData();
      for (let index = 0; index < fields; index++) body.append(index ? `field${index}` : 'List-Unsubscribe', 'One-Click');
      return body;
    };
    const bigForm = form(1);
    bigForm.append('big', 'x'.repeat(100_000));
    const withFile = form(1);
    withFile.append('file', new Blob(['x']), 'x.txt');
    const hostile: [string, BodyInit, Record<string, string>][] = [
      ['a huge urlencoded body', `List-Unsubscribe=One-Click&padding=${'x'.repeat(200_000)}`, { 'content-type': 'application/x-www-form-urlencoded' }],
      [
        'too many urlencoded fields',
        Array.from({ length: 50 }, (_, index) => `f${index}=1`).join('&'),
        { 'content-type': 'application/x-www-form-urlencoded' },
      ],
      ['a huge multipart field', bigForm, {}],
      ['too many multipart fields', form(20), {}],
      [
        'a multipart body cut short',
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Cl',
        { 'content-type': 'multipart/form-data; boundary=b' },
      ],
      ['a file', withFile, {}],
    ];
    for (const [what, body, headers] of hostile) {
      const response = await oneClick(url, body, headers);
      expect([400, 413], what).toContain(response.status);
      await response.arrayBuffer();
      expect((await reader(email))?.state, what).toBe('confirmed');
    }
    expect(await snapshot(deps)).toEqual(before);
    // A body the one-click rule does not describe is taken as a reader's button: she is unsubscribed, by her token.
    const json = await oneClick(url, JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(303);
    expect(await reader(email)).toBeNull();
  });
});

describe('tokens', () => {
  it('of the wrong shape, unknown or already used, change nothing and are answered as an expired link', async () => {
    const used = await pendingWithLink('en');
    expect((await pressButton(used.url)).status).toBe(303);
    const gone = await confirmedWithLink('en');
    expect((await oneClick(gone.url, new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }))).status).toBe(200);
    const bystander = await confirmedWithLink('en');
    const waiting = await pendingWithLink('en');
    const before = await snapshot(deps);

    const valid = randomBytes(32).toString('base64url');
    const tokens = [
      valid,
      used.token,
      gone.token,
      // A confirmation token is no unsubscribe token, and the reverse.
      waiting.token.slice(0, 42) + (waiting.token.endsWith('A') ? 'B' : 'A'),
      'short',
      'a'.repeat(44),
      `${valid.slice(0, 42)}.`,
      `${valid.slice(0, 42)}%25`,
      encodeURIComponent(`${valid.slice(0, 40)}'--`),
      'x'.repeat(3_000),
      '%E2%80%AE'.repeat(10),
      "1' OR '1'='1",
    ];
    for (const token of tokens) {
      for (const step of ['confirm', 'unsubscribe'] as const) {
        const url = `${ORIGIN}/newsletter/${step}/${encodeURIComponent(token).replace(/%25/g, '%')}?lang=en`;
        const pressed = await pressButton(url);
        expect([303, 404], `${step} ${token}`).toContain(pressed.status);
        if (pressed.status === 303)
          expect(pressed.headers.get('location'), `${step} ${token}`).toBe(`/newsletter/done/${step === 'confirm' ? 'expired' : 'unsubscribed'}?lang=en`);
        expect((await oneClick(url, new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }))).status).toBeLessThan(500);
      }
    }
    // Each link does its own step only.
    expect((await pressButton(`${ORIGIN}/newsletter/unsubscribe/${waiting.token}?lang=en`)).status).toBe(303);
    expect((await pressButton(`${ORIGIN}/newsletter/confirm/${bystander.token}?lang=en`)).headers.get('location')).toBe('/newsletter/done/expired?lang=en');
    expect(await snapshot(deps)).toEqual(before);
    expect((await reader(bystander.email))?.state).toBe('confirmed');
    expect((await reader(waiting.email))?.state).toBe('pending');
  });
});
