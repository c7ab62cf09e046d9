import { z } from 'zod';
import { listSearchQuery } from './list-search.ts';
import { cleanText, httpUrl, id, limits, optionalText, optionalUploadId, optionalVideoLink, pageInput, requiredText } from './common.ts';
import { isRecognisedVideoLink } from '../video-links.ts';

export const createGalleryInput = z
  .object({
    /** The English name (the original API's only name). */
    name: requiredText(limits.name),
    nameFa: optionalText(limits.name),
    imageUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
  })
  .refine((input) => input.imageUploadId || input.videoLink, { message: 'galleryMediaRequired', path: ['imageUploadId'] });

/** An empty value (or null) asks to remove what the field held; an absent one keeps it. */
const removable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable().optional());

/**
 * An edit sends only what changed. The English name can be replaced, never emptied; the Persian
 * name can be emptied (readers then see the English one); the image is replaced by a new upload;
 * the video link can be removed only while the item keeps an image (the router checks, as it knows
 * what the item holds).
 */
export const updateGalleryInput = z.object({
  id,
  name: optionalText(limits.name),
  nameFa: removable(cleanText().max(limits.name)),
  imageUploadId: optionalUploadId,
  videoLink: removable(httpUrl.refine(isRecognisedVideoLink, 'videoLinkUnrecognised')),
});
export type UpdateGalleryInput = z.infer<typeof updateGalleryInput>;

export const listGalleryInput = pageInput.extend({ pageSize: pageInput.shape.pageSize.default(24), q: listSearchQuery });
