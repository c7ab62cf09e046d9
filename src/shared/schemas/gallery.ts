import { z } from 'zod';
import { limits, optionalUploadId, optionalVideoLink, pageInput, requiredText } from './common.ts';

export const createGalleryInput = z
  .object({
    name: requiredText(limits.name),
    imageUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
  })
  .refine((input) => input.imageUploadId || input.videoLink, { message: 'galleryMediaRequired', path: ['imageUploadId'] });

export const listGalleryInput = pageInput.extend({ pageSize: pageInput.shape.pageSize.default(24) });
