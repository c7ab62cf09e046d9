import { z } from 'zod';
import { listSearchQuery } from './list-search.ts';
import { id, limits, optionalText, optionalUploadId, optionalVideoLink, pageInput } from './common.ts';
import { checkSchedule, checkTitle, editorialFields, statusFilter, authorFilter } from './editorial.ts';

export const createLegalInput = z
  .object({
    titleEn: optionalText(limits.title),
    titleFa: optionalText(limits.title),
    /** Plain text; with a body given it is derived from the body instead. */
    descriptionEn: optionalText(limits.longText),
    descriptionFa: optionalText(limits.longText),
    mediaUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
    ...editorialFields,
  })
  .superRefine(checkTitle, { when: () => true })
  .superRefine(checkSchedule);
export type CreateLegalInput = z.infer<typeof createLegalInput>;

export const updateLegalInput = z
  .object({
    id,
    titleEn: optionalText(limits.title),
    titleFa: optionalText(limits.title),
    descriptionEn: optionalText(limits.longText),
    descriptionFa: optionalText(limits.longText),
    mediaUploadId: optionalUploadId,
    videoLink: optionalVideoLink,
    ...editorialFields,
  })
  .superRefine(checkSchedule);
export type UpdateLegalInput = z.infer<typeof updateLegalInput>;

export const adminLegalListInput = pageInput.extend({ status: statusFilter, q: listSearchQuery, author: authorFilter });
