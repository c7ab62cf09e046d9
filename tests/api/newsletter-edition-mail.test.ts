import type { Element } from 'domhandler';
import { asc, eq, inArray } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers, posts } from '../../src/server/db/schema.ts';
import { itemPathOf } from '../../src/shared/content-kinds.ts';
import { itemSlugs } from '../../src/shared/slugs.ts';
import { fontStacks } from '../../src/server/mail/mail-html.ts';
import type { RichTextDocument } from '../../src/shared/rich-text/schema.ts';
import { makePost } from '../factories/public-content.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import type { ReceivedMail } from '../setup/smtp.ts';
import { confirmationsTo, drain, editionsTo, insertConfirmedReaders, mailSiteForAllTests, ORIGIN, unsubscribeLinkOf } from '../setup/newsletter-kit.ts';

/** The editors' own link in the body: the one address off the site a mail may carry. */
const EDITORS_LINK = 'https://www.un.org/womenwatch/daw/cedaw/';

const bodyWithLink = (words: string, linkWords: string): RichTextDocument => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: words }] },
    { type: 'paragraph', content: [{ type: 'text', text: linkWords, marks: [{ type: 'link', attrs: { href: EDITORS_LINK } }] }] },
  ],
});

/** One edition in both languages listing two published items with pictures, sent to two English readers and a Persian one. */
const sent = {} as { id: number; items: (typeof posts.$inferSelect)[]; en: string[]; fa: string[]; startedAt: Date };
const site = mailSiteForAllTests(async ({ deps }) => {
  const made = [await makePost(deps, 'news'), await makePost(deps, 'article')];
  sent.items = await deps.db
    .select()
    .from(posts)
    .where(
      inArray(
        posts.id,
        made.map((item) => item.id),
      ),
    )
    .orderBy(asc(posts.id));
  sent.en = await insertConfirmedReaders(deps, 'en', 2);
  sent.fa = await insertConfirmedReaders(deps, 'fa', 1);
  const { caller } = await adminCaller(deps);
  const { id } = await caller.newsletters.create({
    subjectEn: 'Monthly letter',
    subjectFa: 'نامهٔ ماهانه',
    bodyEn: bodyWithLink('What happened this month.', 'The convention'),
    bodyFa: bodyWithLink('آنچه این ماه گذشت.', 'کنوانسیون'),
    itemIds: sent.items.map((item) => item.id),
  });
  expect((await caller.newsletters.send({ id })).state).toBe('sending');
  await drain(deps.mail);
  sent.id = id;
  sent.startedAt = (await caller.newsletters.byId({ id })).startedAt!;
});

const copyOf = (email: string) => {
  const copies = editionsTo(site.smtp, email);
  expect(copies).toHaveLength(1);
  return copies[0]!;
};

function htmlOf(mail: ReceivedMail) {
  const document = parseDocument(String(mail.parsed.html));
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);
  return { document, all, byTag: (name: string) => all((element) => element.name === name) };
}

/** Every header line of a copy, but those of its envelope (To, Date, Message-ID), with the reader's token and the part boundaries named. */
function headersOf(mail: ReceivedMail, token: string): string[] {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((match) => match[1]!);
  return mail.parsed.headerLines
    .filter((line) => !['to', 'date', 'message-id'].includes(line.key))
    .map((line) => boundaries.reduce((text, boundary) => text.replaceAll(boundary, '(boundary)'), line.line.replaceAll(token, '(token)')));
}

describe('what a newsletter mail carries: no tracking', () => {
  it('gives two readers copies that differ only in the unsubscribe token and the envelope', async () => {
    const { en } = sent;
    const [first, second] = en.map(copyOf);
    const tokens = [first!, second!].map((mail) => unsubscribeLinkOf(mail).token);
    expect(tokens[0]).not.toBe(tokens[1]);
    const neutral = (mail: ReceivedMail, token: string) => ({
      subject: mail.parsed.subject,
      headers: headersOf(mail, token),
      html: String(mail.parsed.html).replaceAll(token, '(token)'),
      text: String(mail.parsed.text).replaceAll(token, '(token)'),
      attachments: mail.parsed.attachments.length,
    });
    expect(neutral(first!, tokens[0]!)).toEqual(neutral(second!, tokens[1]!));
    // The token appears only where the unsubscribe link is: the header, the footer's link, the text's last line.
    expect(String(first!.parsed.html).split(tokens[0]!)).toHaveLength(2);
    expect(String(first!.parsed.text).split(tokens[0]!)).toHaveLength(2);
    // Nothing in a copy names its reader but the envelope.
    for (const [index, mail] of [first!, second!].entries()) {
      const reader = en[index]!;
      expect(mail.parsed.headerLines.filter((line) => line.line.includes(reader)).map((line) => line.key)).toEqual(['to']);
      expect(`${mail.parsed.html}${mail.parsed.text}`).not.toContain(reader.split('@')[0]);
      expect(mail.parsed.attachments).toEqual([]);
    }
  });

  it('links only to the site’s own address and to the editors’ own links, and shows no picture but the items’', async () => {
    for (const email of [...sent.en, ...sent.fa]) {
      const mail = copyOf(email);
      const language = sent.en.includes(email) ? 'en' : 'fa';
      const html = htmlOf(mail);
      const links = html.byTag('a').map((element) => element.attribs.href!);
      expect(links.length).toBeGreaterThan(4);
      for (const link of links) {
        if (link === EDITORS_LINK) continue;
        const url = new URL(link);
        expect(url.origin).toBe(ORIGIN);
        // Nothing added to the address but the reader's language: no campaign or reader parameters.
        expect([...url.searchParams.keys()]).toEqual(['lang']);
      }
      expect(links).toContain(EDITORS_LINK);
      expect(links).toContain(unsubscribeLinkOf(mail).url);
      // Each item is linked by its own public address.
      for (const item of sent.items)
        expect(links).toContain(`${ORIGIN}${itemPathOf(item.kind, { id: item.id, ...itemSlugs(item) }, language)}?lang=${language}`);

      const pictures = html.byTag('img');
      expect(pictures).toHaveLength(sent.items.length);
      for (const picture of pictures) {
        expect(picture.attribs.src).toMatch(new RegExp(`^${ORIGIN}/storage/`));
        expect(picture.attribs.alt).not.toBe('');
        // A picture is not a pixel: it is shown at the column's width.
        expect(picture.attribs.width).toBe('544');
      }
      // Nothing else the mail client would fetch: no style sheets, fonts, scripts, frames or backgrounds.
      expect(html.all((element) => ['link', 'script', 'iframe', 'object', 'embed', 'style', 'video', 'audio', 'source'].includes(element.name))).toEqual([]);
      expect(html.all((element) => 'background' in element.attribs || 'srcset' in element.attribs || 'ping' in element.attribs)).toEqual([]);
      expect(String(mail.parsed.html)).not.toMatch(/url\(|@import|@font-face|https?:\/\/(?!news\.example\.org|www\.un\.org)/);
    }
  });

  it('is a confirmation mail that links only to the site', async () => {
    await publicCaller(site.deps, { lang: 'fa' }).newsletter.subscribe({ email: 'confirm-me@example.org' });
    await drain(site.deps.mail);
    const [mail] = confirmationsTo(site.smtp, 'confirm-me@example.org');
    const html = htmlOf(mail!);
    expect(html.byTag('img')).toEqual([]);
    for (const link of html.byTag('a').map((element) => element.attribs.href!)) expect(new URL(link).origin).toBe(ORIGIN);
    expect(String(mail!.parsed.html)).not.toMatch(/url\(|@import|@font-face/);
  });
});

describe('how a newsletter mail renders', () => {
  it('has an HTML and a plain text part, left to right in English', async () => {
    const mail = copyOf(sent.en[0]!);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.parsed.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.parsed.html).toContain(`font-family:${fontStacks.en}`);
    const text = String(mail.parsed.text);
    expect(text).not.toMatch(/<[a-z/]/i);
    expect(text).toContain('What happened this month.');
    for (const item of sent.items) expect(text).toContain(item.titleEn);
    expect(text).toContain(`Unsubscribe: ${unsubscribeLinkOf(mail).url}`);
    // Every address in the text part is the site's.
    for (const [link] of text.matchAll(/https?:\/\/\S+/g)) expect(new URL(link).origin).toBe(ORIGIN);
  });

  it('is right to left in Persian, in fonts with Persian letters, with Persian digits and a Solar Hijri date', async () => {
    const mail = copyOf(sent.fa[0]!);
    const html = String(mail.parsed.html);
    expect(html).toContain('<html lang="fa" dir="rtl">');
    expect(mail.parsed.subject).toBe('نامهٔ ماهانه');
    expect(mail.header('content-language')).toBe('fa');
    // Every cell is right to left and right-aligned, in a font stack led by fonts that have Persian letters.
    const cells = htmlOf(mail)
      .byTag('td')
      .filter((cell) => cell.attribs.style?.includes('font-family'));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell.attribs.dir).toBe('rtl');
      expect(cell.attribs.style).toContain('text-align:right');
      expect(cell.attribs.style).toContain(`font-family:${fontStacks.fa}`);
    }
    expect(fontStacks.fa).toMatch(/^Tahoma, .*'Vazirmatn'.*'Noto Naskh Arabic'/);

    // The date the edition went out, in the Solar Hijri calendar with Persian digits.
    const { startedAt } = sent;
    const persianDigits = (digits: string) => digits.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]!);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      new Intl.DateTimeFormat('en-u-ca-persian', { year: 'numeric', month: 'numeric', day: 'numeric' })
        .formatToParts(startedAt)
        .find((entry) => entry.type === type)!.value;
    const months = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'];
    const dateLine = String(mail.parsed.text).split('\n')[0]!;
    expect(dateLine).toContain(persianDigits(part('year')));
    expect(dateLine).toContain(persianDigits(part('day')));
    expect(dateLine).toContain(months[Number(part('month')) - 1]);
    expect(dateLine).not.toMatch(/[0-9]/);
    expect(html).toContain(dateLine.split(' · ')[1]);
  });
});

describe('what editors see and try before sending', () => {
  it('previews the mail readers receive, and sends a test of each language to one address without keeping it', async () => {
    const { caller } = await adminCaller(site.deps);
    const { id } = await caller.newsletters.create({
      subjectEn: 'Preview me',
      subjectFa: 'پیش‌نمایش',
      bodyEn: bodyWithLink('Words.', 'A link'),
      bodyFa: bodyWithLink('واژه‌ها.', 'پیوند'),
    });
    const preview = await caller.newsletters.preview({ id, language: 'fa' });
    expect(preview).toMatchObject({ languages: ['en', 'fa'], subject: 'پیش‌نمایش' });
    expect(preview.html).toContain('<html lang="fa" dir="rtl">');
    // The preview's unsubscribe link names nobody.
    expect(preview.html).toContain(`href="${ORIGIN}/newsletter/unsubscribe/example?lang=fa"`);

    expect(await caller.newsletters.sendTest({ id, email: 'Editor.Test@example.org' })).toEqual({ sent: ['en', 'fa'] });
    const tests = site.smtp.to('editor.test@example.org');
    expect(tests.map((mail) => mail.parsed.subject).sort()).toEqual(['[TEST] Preview me', '[TEST] پیش‌نمایش']);
    expect(tests.map((mail) => mail.header('list-unsubscribe'))).toEqual([undefined, undefined]);
    expect(await site.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'editor.test@example.org'))).toEqual([]);
    expect((await caller.newsletters.byId({ id })).state).toBe('draft');
  });
});
