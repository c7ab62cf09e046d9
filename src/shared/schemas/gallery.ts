import { z } from 'zod';
import { listSearchQuery } from './list-search.ts';
import { cleanText, httpUrl, id, limits, optionalText, optionalUploadId, optionalVideoLink, pageInput, readerLanguage } from './common.ts';
import { editorialLimits } from './editorial.ts';
import { isRecognisedVideoLink } from '../video-links.ts';

/** An empty value (or null) asks to remove what the field held; an absent one keeps it. */
const removable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable().optional());

/** A picture's description for readers who cannot see it, and its caption, per language. */
const pictureWords = {
  altEn: removable(cleanText().max(editorialLimits.alt)),
  altFa: removable(cleanText().max(editorialLimits.alt)),
  captionEn: removable(cleanText().max(editorialLimits.caption)),
  captionFa: removable(cleanText().max(editorialLimits.caption)),
};

/**
 * A gallery item appears in each language it has a name in; the original API's only name is the
 * English one. A picture is described in each language the item is named in (the procedure
 * checks, except for the original API's clients, which cannot).
 */
export const createGalleryInput = z
  .object({
    name: optionalText(limits.name),
    nameFa: optionalText(limits.name),
    imageUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
    ...pictureWords,
  })
  .refine((input) => input.name || input.nameFa, { message: 'nameInEitherLanguage', path: ['name'] })
  .refine((input) => input.imageUploadId || input.videoLink, { message: 'galleryMediaRequired', path: ['imageUploadId'] });

/**
 * An edit sends only what changed. Either name can be emptied while the other remains (the item
 * then leaves that language's gallery); the image is replaced by a new upload;
 * the video link can be removed only while the item keeps an image (the router checks, as it knows
 * what the item holds).
 */
export const updateGalleryInput = z.object({
  id,
  name: removable(cleanText().max(limits.name)),
  nameFa: removable(cleanText().max(limits.name)),
  imageUploadId: optionalUploadId,
  videoLink: removable(httpUrl.refine(isRecognisedVideoLink, 'videoLinkUnrecognised')),
  ...pictureWords,
});
export type UpdateGalleryInput = z.infer<typeof updateGalleryInput>;

export const listGalleryInput = pageInput.extend({ pageSize: pageInput.shape.pageSize.default(24), q: listSearchQuery, language: readerLanguage });
