import { z } from 'zod';
import { languages } from '../locale.ts';
import { richTextDocument } from '../rich-text/schema.ts';
import { cleanText, email, id } from './common.ts';

export const subscribeInput = z.object({ email });

/** At most this many published items are listed in one edition. */
export const MAX_EDITION_ITEMS = 20;

/** The longest subject (the form's counter shows it). */
export const MAX_SUBJECT_LENGTH = 200;

/** A subject is one line: line breaks and tabs (which could start another mail header) become spaces. */
const subject = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\r\n\t\u2028\u2029]+/g, ' ') : (value ?? '')),
  cleanText().max(MAX_SUBJECT_LENGTH),
);
/** A body in one language; null or absent: none. Pictures come from listed items (the server refuses body pictures). */
const body = z.preprocess((value) => (value === '' ? null : value), richTextDocument.nullable().optional());

/** What an edition says; the server checks that each language with a subject has a body and the reverse. */
export const newsletterFields = z.object({
  subjectEn: subject.optional(),
  subjectFa: subject.optional(),
  bodyEn: body,
  bodyFa: body,
  itemIds: z.array(id).max(MAX_EDITION_ITEMS, 'invalidValue').optional(),
});

export const createNewsletterInput = newsletterFields;
export const updateNewsletterInput = newsletterFields.extend({ id });
export const previewNewsletterInput = z.object({ id, language: z.enum(languages, 'invalidChoice') });
export const testNewsletterInput = z.object({ id, email });
