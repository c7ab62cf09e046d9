import { z } from 'zod';
import { isRecognisedVideoLink } from '../video-links.ts';

export const limits = {
  title: 300,
  name: 200,
  shortText: 2000,
  longText: 50_000,
  message: 10_000,
  email: 254,
  url: 2000,
  password: 256,
  mediaItems: 10,
  pageSize: 50,
} as const;

/** Required text, trimmed, with a maximum length. */
export const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max);

/** Optional text: empty means absent. */
export const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(max).optional());

export const email = z.string().trim().min(1, 'required').max(limits.email).pipe(z.email('invalidEmail')).transform((value) => value.toLowerCase());

export const httpUrl = z.string().trim().max(limits.url).pipe(z.url({ protocol: /^https?$/, error: 'invalidUrl' }));

export const optionalUrl = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), httpUrl.optional());

/** An optional link that must be a YouTube link we can embed privately. */
export const optionalVideoLink = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  httpUrl.refine(isRecognisedVideoLink, 'videoLinkUnrecognised').optional(),
);

const uploadIdFormat = z.string().trim().regex(/^[a-z0-9]{16,64}$/, 'uploadNotFound');
/** A required upload id; an empty value reads as missing ("required"), not as an unknown upload. */
export const uploadId = z.preprocess((value) => (value === '' || value === null ? undefined : value), uploadIdFormat);
export const optionalUploadId = z.preprocess((value) => (value === '' || value === null ? undefined : value), uploadIdFormat.optional());

/**
 * What one tRPC request may ask for (src/server/http/trpc-batch-limits.ts). Without a bound, one
 * 15 KB GET of 171 list calls made the server read and send 2 MB. Calls per batch are capped for
 * GET and POST alike (the client splits its batches to fit); the rows the list calls of one GET
 * may return together are capped too: a call's `pageSize` after its schema's defaults, one row for
 * a call without pages. The site's own pages ask for at most five calls and fifty rows at once.
 */
export const batchLimits = { calls: 10, rows: 100 } as const;

export const id = z.coerce.number().int().positive();
export const byIdInput = z.object({ id });

export const pageInput = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(limits.pageSize).default(12),
});
