import { and, inArray } from 'drizzle-orm';
import { itemPathOf, type ContentKind } from '../../shared/content-kinds.ts';
import { isInLanguage } from '../../shared/item-languages.ts';
import type { Language } from '../../shared/locale.ts';
import { plainText } from '../../shared/rich-text/plain-text.ts';
import { escapeHtml } from '../../shared/rich-text/render.ts';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import { itemSlugs } from '../../shared/slugs.ts';
import { formatDate } from '../../client/lib/format.ts';
import type { DbLike } from '../db/client.ts';
import { posts } from '../db/schema.ts';
import { storedBody } from '../editorial/bodies.ts';
import { publicCondition } from '../publication/visibility.ts';
import { mailBodyHtml, mailColors, mailDocument, mailImageUrl } from './mail-html.ts';
import { mailWords } from './words.ts';

/** A published item an edition lists: its words per language, its address and its cover. */
export interface EditionItem {
  id: number;
  kind: ContentKind;
  titleEn: string;
  titleFa: string;
  summaryEn: string;
  summaryFa: string;
  slugEn: string;
  slugFa: string;
  image: string;
  coverAltEn: string;
  coverAltFa: string;
}

/** What an edition says, as its mails are made from it. */
export interface EditionContent {
  subjectEn: string;
  subjectFa: string;
  bodyEn: RichTextDocument | null;
  bodyFa: RichTextDocument | null;
  items: EditionItem[];
}

const SUMMARY_CHARS = 220;
const shorten = (text: string) => (text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS).replace(/\s+\S*$/, '')}…` : text);

/** The published items of `ids`, in that order; ids of items unpublished since are left out. */
export async function editionItems(db: DbLike, ids: readonly number[]): Promise<EditionItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(posts)
    .where(and(inArray(posts.id, [...ids]), publicCondition(posts.status)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const bodies = { en: storedBody(row.bodyEn, row.descriptionEn), fa: storedBody(row.bodyFa, row.descriptionFa) };
    return [
      {
        id: row.id,
        kind: row.kind,
        titleEn: row.titleEn,
        titleFa: row.titleFa,
        summaryEn: shorten(row.summaryEn || plainText(bodies.en)),
        summaryFa: shorten(row.summaryFa || plainText(bodies.fa)),
        ...itemSlugs(row),
        image: row.image,
        coverAltEn: row.coverAltEn ?? '',
        coverAltFa: row.coverAltFa ?? '',
      },
    ];
  });
}

/** The languages an edition is written in: a subject and a body in it. */
export function editionLanguages(edition: Pick<EditionContent, 'subjectEn' | 'subjectFa' | 'bodyEn' | 'bodyFa'>): Language[] {
  return (['en', 'fa'] as const).filter((language) =>
    language === 'en' ? edition.subjectEn.trim() && edition.bodyEn?.content.length : edition.subjectFa.trim() && edition.bodyFa?.content.length,
  );
}

const pick = <T>(language: Language, en: T, fa: T) => (language === 'fa' ? fa : en);

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * One language's edition. `unsubscribeUrl` is the reader's own link (a test mail's link leads to a
 * page that unsubscribes nobody). Links are the items' plain addresses: nothing per reader in them.
 */
export function renderEdition(edition: EditionContent, language: Language, origin: string, unsubscribeUrl: string, sentAt: Date): RenderedMail {
  const words = mailWords[language];
  const subject = pick(language, edition.subjectEn, edition.subjectFa).trim();
  const body = pick(language, edition.bodyEn, edition.bodyFa) ?? { type: 'doc' as const, content: [] };
  const items = edition.items.filter((item) => isInLanguage(item, language));
  const date = formatDate(sentAt, language);
  const link = (item: EditionItem) => `${origin}${itemPathOf(item.kind, item, language)}?lang=${language}`;
  const itemsHtml = items
    .map((item) => {
      const title = pick(language, item.titleEn, item.titleFa);
      const summary = pick(language, item.summaryEn, item.summaryFa);
      const alt = pick(language, item.coverAltEn, item.coverAltFa);
      const picture = item.image
        ? `<a href="${escapeHtml(link(item))}"><img src="${escapeHtml(mailImageUrl(item.image, origin))}" alt="${escapeHtml(alt)}" width="544" style="display:block;width:100%;max-width:544px;height:auto;border:0;border-radius:6px;margin:0 0 12px"></a>`
        : '';
      return `<div style="margin:0 0 28px">${picture}<h2 style="margin:0 0 8px;font-size:19px;line-height:1.5"><a href="${escapeHtml(link(item))}" style="color:${mailColors.ink};text-decoration:none">${escapeHtml(title)}</a></h2><p style="margin:0 0 8px;color:${mailColors.muted}">${escapeHtml(summary)}</p><a href="${escapeHtml(link(item))}" style="color:${mailColors.brand};font-weight:bold">${escapeHtml(words.readMore)}</a></div>`;
    })
    .join('');
  const itemsSection = items.length
    ? `<hr style="border:0;border-top:1px solid ${mailColors.line};margin:8px 0 24px"><div style="font-size:13px;font-weight:bold;color:${mailColors.brand};margin:0 0 16px">${escapeHtml(words.fromSite)}</div>${itemsHtml}`
    : '';
  const html = mailDocument({
    language,
    title: subject,
    heading: `<a href="${escapeHtml(`${origin}/?lang=${language}`)}" style="color:${mailColors.brand};font-weight:bold;font-size:17px;text-decoration:none">${escapeHtml(words.siteName)}</a><br>${escapeHtml(date)}`,
    content: `<h1 style="margin:0 0 20px;font-size:24px;line-height:1.4;color:${mailColors.ink}">${escapeHtml(subject)}</h1>${mailBodyHtml(body, language, origin)}${itemsSection}`,
    footer: `${escapeHtml(words.footer)}<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:${mailColors.brand}">${escapeHtml(words.unsubscribe)}</a>`,
  });
  const text = [
    `${words.siteName} · ${date}`,
    '',
    subject,
    '='.repeat(Math.min(subject.length, 60)),
    '',
    plainText(body),
    ...items.flatMap((item) => [
      '',
      `* ${pick(language, item.titleEn, item.titleFa)}`,
      `  ${pick(language, item.summaryEn, item.summaryFa)}`,
      `  ${link(item)}`,
    ]),
    '',
    '--',
    words.footer,
    `${words.unsubscribe}: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  return { subject, html, text };
}

/** The confirmation mail of a subscription, in the subscriber's language. */
export function renderConfirmation(language: Language, origin: string, confirmUrl: string): RenderedMail {
  const words = mailWords[language];
  const html = mailDocument({
    language,
    title: words.confirmSubject,
    heading: `<span style="color:${mailColors.brand};font-weight:bold;font-size:17px">${escapeHtml(words.siteName)}</span>`,
    content: `<p style="margin:0 0 20px">${escapeHtml(words.confirmIntro)}</p><p style="margin:0 0 24px"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:${mailColors.brand};color:#ffffff;padding:12px 22px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(words.confirmAction)}</a></p><p style="margin:0 0 8px;font-size:14px;color:${mailColors.muted}">${escapeHtml(words.confirmLinkText)}<br><span dir="ltr" style="word-break:break-all">${escapeHtml(confirmUrl)}</span></p>`,
    footer: escapeHtml(words.confirmIgnore),
  });
  const text = [words.siteName, '', words.confirmIntro, '', `${words.confirmAction}:`, confirmUrl, '', words.confirmIgnore, ''].join('\n');
  return { subject: words.confirmSubject, html, text };
}
