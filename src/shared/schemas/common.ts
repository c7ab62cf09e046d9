import { languages } from '../locale.ts';
import { z } from 'zod';
import './zod-setup.ts';
import { stripBidiOverrides } from '../bidi.ts';
import { limits, MAX_ITEM_ID } from '../limits.ts';
import { isRecognisedVideoLink } from '../video-links.ts';

export { limits };

/**
 * Every text a person sends starts here: direction overrides and unpaired embeddings are removed
 * (src/shared/bidi.ts), then the text is trimmed. Length limits are checked after, never cut to.
 */
export const cleanText = () => z.string().overwrite(stripBidiOverrides).trim();

/** Required text, trimmed, with a maximum length. */
export const requiredText = (max: number) => cleanText().min(1, 'required').max(max);

/** Optional text: empty means absent. */
export const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), cleanText().max(max).optional());

export const email = cleanText()
  .min(1, 'required')
  .max(limits.email)
  .pipe(z.email('invalidEmail'))
  .transform((value) => value.toLowerCase());

export const httpUrl = cleanText()
  .max(limits.url)
  .pipe(z.url({ protocol: /^https?$/, error: 'invalidUrl' }));

export const optionalUrl = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), httpUrl.optional());

/** An optional link that must be a YouTube link we can embed privately. */
export const optionalVideoLink = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  httpUrl.refine(isRecognisedVideoLink, 'videoLinkUnrecognised').optional(),
);

const uploadIdFormat = z
  .string()
  .trim()
  .regex(/^[a-z0-9]{16,64}$/, 'uploadNotFound');
/** A required upload id; an empty value reads as missing ("required"), not as an unknown upload. */
export const uploadId = z.preprocess((value) => (value === '' || value === null ? undefined : value), uploadIdFormat);
export const optionalUploadId = z.preprocess((value) => (value === '' || value === null ? undefined : value), uploadIdFormat.optional());

export const id = z.coerce.number().int().positive().max(MAX_ITEM_ID);
export const byIdInput = z.object({ id });

/**
 * The language a public list is read in: only items written in it (docs/decisions/034). Absent:
 * every item, as the original API answered.
 */
export const readerLanguage = z.enum(languages, 'invalidChoice').optional();

/** One public item, read in a language: an item not written in it is not found there (`notInLanguage`). */
export const readerByIdInput = z.object({ id, language: readerLanguage });

export const pageInput = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(limits.pageSize).default(12),
});
