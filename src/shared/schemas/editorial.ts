import { z } from 'zod';
import { plainText } from '../rich-text/plain-text.ts';
import { richTextDocument, type RichTextDocument } from '../rich-text/schema.ts';
import { slugify } from '../slugs.ts';
import { cleanText, optionalText } from './common.ts';
import { publicationGaps } from '../item-languages.ts';
import type { MessageKey } from '../messages.ts';

/** Where an item stands; only `published` items reach visitors. */
export const publicationStatuses = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

/**
 * `slug`: what an editor may type for an address (a pasted title is fine: it is made a slug and cut
 * to SLUG_MAX after a whole word); `summary`: the description search engines and share cards show,
 * which they cut at about 160 and 300 characters.
 */
export const editorialLimits = { alt: 500, caption: 1000, credit: 200, slug: 200, summary: 300 } as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A moment in time. Strings are ISO 8601; one without an offset (`2026-11-23T09:00`) is read as UTC,
 * never as the server's own zone. The admin form converts the editor's local time before sending.
 */
export const instant = z.preprocess((value) => {
  const given = blankToUndefined(value);
  if (typeof given === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(given.trim())) return `${given.trim().replace(' ', 'T')}Z`;
  return given;
}, z.coerce.date('invalidDate').optional());

/** A body in one language: the structured document of src/shared/rich-text/schema.ts. */
export const optionalBody = z.preprocess(blankToUndefined, richTextDocument.optional());

export const publicationStatus = z.preprocess(blankToUndefined, z.enum(publicationStatuses, 'invalidChoice').optional());

/**
 * Optional text that null clears (a caption or credit taken away); empty means absent, as everywhere.
 * Cleaned like every text people send (direction overrides removed; common.ts cleanText).
 */
const clearableText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), cleanText().max(max).nullable().optional());

/**
 * The readable part of an address, made a slug by the one function that makes them from titles
 * (src/shared/slugs.ts), so `Women Teachers!` is stored as `women-teachers`. Null clears it: the
 * address then follows the title again. Something with nothing readable in it (`!!!`) is refused.
 */
const slugText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  cleanText()
    .max(editorialLimits.slug)
    .transform((value) => slugify(value))
    .refine((slug) => slug !== '', 'slugInvalid')
    .nullable()
    .optional(),
);

export const bylines = ['author', 'newsroom'] as const;

/** Fields news, articles, reports and legal-awareness items share: body, publication, the cover's words. */
export const editorialFields = {
  bodyEn: optionalBody,
  bodyFa: optionalBody,
  /** Absent on create means published at once, as the original API did. */
  status: publicationStatus,
  publishAt: instant,
  coverAltEn: optionalText(editorialLimits.alt),
  coverAltFa: optionalText(editorialLimits.alt),
  coverCaptionEn: clearableText(editorialLimits.caption),
  coverCaptionFa: clearableText(editorialLimits.caption),
  coverCredit: clearableText(editorialLimits.credit),
  coverCreditFa: clearableText(editorialLimits.credit),
  slugEn: slugText,
  slugFa: slugText,
  /** What search engines and share cards show; absent or cleared (null), the body's start. */
  summaryEn: clearableText(editorialLimits.summary),
  summaryFa: clearableText(editorialLimits.summary),
  /**
   * A draft sent for an editor's review (true), or taken back / sent back (false); absent leaves it
   * as it was. A form's checkbox sends "on" when ticked.
   */
  forReview: z.preprocess(
    (value) => (value === 'on' || value === 'true' ? true : value === 'false' || value === '' ? false : value),
    z.boolean('invalidChoice').optional(),
  ),
  /** Under the author's public name, or the newsroom's only (a writer at risk may not sign); absent keeps it. */
  byline: z.enum(bylines, 'invalidChoice').optional(),
};

interface EditorialInput {
  status?: PublicationStatus;
  publishAt?: Date;
}

/** A scheduled item needs its time. */
export function checkSchedule(input: EditorialInput, issue: z.core.$RefinementCtx) {
  if (input.status === 'scheduled' && !input.publishAt) issue.addIssue({ code: 'custom', message: 'publishAtRequired', path: ['publishAt'] });
}

/** A body says something: text, or at least a picture or a video. */
export const hasContent = (body: unknown) =>
  Boolean(
    body &&
    typeof body === 'object' &&
    (plainText(body as RichTextDocument).trim() || (body as RichTextDocument).content?.some((block) => block.type === 'image' || block.type === 'video')),
  );

interface ItemFormInput {
  titleEn?: string;
  titleFa?: string;
  bodyEn?: unknown;
  bodyFa?: unknown;
  descriptionEn?: string;
  descriptionFa?: string;
  coverAltEn?: string;
  coverAltFa?: string;
  status?: PublicationStatus;
}

/** A new item is named in at least one language; everything else may wait while it is a draft. */
export function checkTitle(input: ItemFormInput, issue: z.core.$RefinementCtx) {
  // Runs even when other fields failed: the input may be anything.
  if (!input || typeof input !== 'object' || input.titleEn?.trim() || input.titleFa?.trim()) return;
  for (const path of ['titleEn', 'titleFa']) issue.addIssue({ code: 'custom', message: 'titleInEitherLanguage', path: [path] });
}

/**
 * A form's whole state, when it publishes or schedules (absent status: published, as the original
 * API): each language it is written in has its title, body and (`alt`) the cover's description.
 * `cover` names the cover picture's field when the form must carry one, with whether it does. The
 * procedures check the stored result again (src/server/editorial/readiness.ts).
 */
export const checkPublishable =
  (options: {
    alt: (input: ItemFormInput) => boolean;
    cover?: (input: ItemFormInput) => { field: string; present: boolean; missing?: MessageKey } | undefined;
  }) =>
  (input: ItemFormInput, issue: z.core.$RefinementCtx) => {
    if (!input || typeof input !== 'object' || input.status === 'draft') return;
    const cover = options.cover?.(input);
    const gaps = publicationGaps(
      {
        ...input,
        hasBodyEn: hasContent(input.bodyEn) || Boolean(input.descriptionEn?.trim()),
        hasBodyFa: hasContent(input.bodyFa) || Boolean(input.descriptionFa?.trim()),
        hasCover: cover?.present ?? true,
      },
      { altIn: () => options.alt(input), cover: Boolean(cover) },
    );
    for (const [field, key] of Object.entries(gaps))
      issue.addIssue({ code: 'custom', message: field === 'cover' ? (cover!.missing ?? key) : key, path: [field === 'cover' ? cover!.field : field] });
  };

/** Editors filter their lists by status. */
export const statusFilter = z.preprocess(blankToUndefined, z.enum(publicationStatuses, 'invalidChoice').optional());

/** An editors' list narrowed to one author's items (an account id, as a query string carries it). */
export const authorFilter = z.preprocess(blankToUndefined, z.coerce.number('invalidChoice').int('invalidChoice').positive('invalidChoice').optional());
