import { z } from 'zod';
import { id, limits, optionalText, optionalUploadId, optionalVideoLink, requiredText } from './common.ts';

export const createLegalInput = z
  .object({
    titleEn: requiredText(limits.title),
    titleFa: requiredText(limits.title),
    descriptionEn: requiredText(limits.longText),
    descriptionFa: requiredText(limits.longText),
    mediaUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
  })
  .refine((input) => input.mediaUploadId || input.videoLink, { message: 'legalMediaRequired', path: ['mediaUploadId'] });

export const updateLegalInput = z.object({
  id,
  titleEn: optionalText(limits.title),
  titleFa: optionalText(limits.title),
  descriptionEn: optionalText(limits.longText),
  descriptionFa: optionalText(limits.longText),
  mediaUploadId: optionalUploadId,
  videoLink: optionalVideoLink,
});
