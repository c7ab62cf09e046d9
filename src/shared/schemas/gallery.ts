import { z } from 'zod';
import { listSearchQuery } from './list-search.ts';
import { limits, optionalText, optionalUploadId, optionalVideoLink, pageInput, requiredText } from './common.ts';

export const createGalleryInput = z
  .object({
    /** The English name (the original API's only name). */
    name: requiredText(limits.name),
    nameFa: optionalText(limits.name),
    imageUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
  })
  .refine((input) => input.imageUploadId || input.videoLink, { message: 'galleryMediaRequired', path: ['imageUploadId'] });

export const listGalleryInput = pageInput.extend({ pageSize: pageInput.shape.pageSize.default(24), q: listSearchQuery });
