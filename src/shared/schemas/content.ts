import { z } from 'zod';
import { listSearchQuery } from './list-search.ts';
import { byIdInput, cleanText, httpUrl, id, limits, optionalText, optionalUploadId, optionalUrl, pageInput, readerLanguage } from './common.ts';
import { checkPublishable, checkSchedule, checkTitle, editorialFields, statusFilter, authorFilter } from './editorial.ts';

export type { ContentKind } from '../content-kinds.ts';

/** The original site's news category labels; `top` marks the home page's top news. */
export const categories = ['top', 'latest', 'business', 'political', 'health', 'culture-arts', 'sports', 'education'] as const;
export type Category = (typeof categories)[number];

export const countries = ['iran', 'afghanistan'] as const;
export type Country = (typeof countries)[number];

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const mediaItemInput = z.object({
  link: optionalUrl,
  titleEn: optionalText(limits.title),
  titleFa: optionalText(limits.title),
  descriptionEn: optionalText(limits.shortText),
  descriptionFa: optionalText(limits.shortText),
});
export type MediaItemInput = z.infer<typeof mediaItemInput>;

/** A text an edit may set, or clear with an empty value; absent leaves it as it is. */
const patchText = (max: number) => cleanText().max(max).optional();
const patchUrl = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.union([z.literal(''), httpUrl]).optional());

/** Changes to some fields of the first media item, as the original edit form sends them. */
const mediaItemPatch = z.object({
  link: patchUrl,
  titleEn: patchText(limits.title),
  titleFa: patchText(limits.title),
  descriptionEn: patchText(limits.shortText),
  descriptionFa: patchText(limits.shortText),
});
export type MediaItemPatch = z.infer<typeof mediaItemPatch>;

/**
 * The fields of a new item; `createContentInput` adds the checks across fields. A draft needs only
 * a title in one language; publishing needs, per language it is written in, the title, the body
 * and the cover's description, and a cover picture.
 */
export const contentFields = z.object({
  titleEn: optionalText(limits.title),
  titleFa: optionalText(limits.title),
  /** Plain text; with a body given it is derived from the body instead. */
  descriptionEn: optionalText(limits.longText),
  descriptionFa: optionalText(limits.longText),
  imageUploadId: optionalUploadId,
  media: z.array(mediaItemInput).max(limits.mediaItems).default([]),
  category: z.preprocess(emptyToUndefined, z.enum(categories, 'invalidChoice').nullish()),
  country: z.preprocess(emptyToUndefined, z.enum(countries, 'invalidChoice').nullish()),
  ...editorialFields,
});

/** The add form's checks: a cover picture is described in each language the item is published in. */
export const createContentInput = contentFields
  .superRefine(checkTitle, { when: () => true })
  .superRefine(
    checkPublishable({
      alt: () => true,
      cover: (input) => ({ field: 'imageUploadId', present: Boolean((input as { imageUploadId?: string }).imageUploadId) }),
    }),
    {
      when: () => true,
    },
  )
  .superRefine(checkSchedule);

/**
 * What the create procedure accepts: the fields, with what publishing needs checked by the
 * procedure on the stored result (src/server/editorial/readiness.ts), which also keeps the
 * original REST API's own rule for its clients (docs/decisions/016).
 */
export const createContentCall = contentFields.superRefine(checkTitle, { when: () => true }).superRefine(checkSchedule);
export type CreateContentInput = z.infer<typeof createContentCall>;

/** Only the fields given non-empty change (edit forms send what changed); null clears category or country. */
export const updateContentInput = z
  .object({
    id,
    titleEn: optionalText(limits.title),
    titleFa: optionalText(limits.title),
    descriptionEn: optionalText(limits.longText),
    descriptionFa: optionalText(limits.longText),
    imageUploadId: optionalUploadId,
    media: z.array(mediaItemInput).max(limits.mediaItems).optional(),
    /**
     * Laid over the first media item (of `media` when given, else of the stored list), in the same
     * transaction as the rest of the edit; the other items are kept. Given fields change, empty
     * ones clear, absent ones stay.
     */
    firstMedia: mediaItemPatch.optional(),
    category: z.preprocess(emptyToUndefined, z.enum(categories, 'invalidChoice').nullish()),
    country: z.preprocess(emptyToUndefined, z.enum(countries, 'invalidChoice').nullish()),
    ...editorialFields,
  })
  .superRefine(checkSchedule);
export type UpdateContentInput = z.infer<typeof updateContentInput>;

export const listContentInput = pageInput.extend({
  language: readerLanguage,
  category: z.preprocess(emptyToUndefined, z.enum(categories, 'invalidChoice').optional()),
  country: z.preprocess(emptyToUndefined, z.enum(countries, 'invalidChoice').optional()),
  /** List cards ask for previews: descriptions cut to this many characters (src/shared/text.ts excerpt). */
  excerpt: z.number().int().min(40).max(2000).optional(),
});

export const contentByIdInput = byIdInput;

/** Editors' lists: every status, or one. */
export const adminListContentInput = pageInput.extend({ status: statusFilter, q: listSearchQuery, author: authorFilter });
