import { z } from 'zod';
import { email, id, limits, optionalUploadId, pageInput, requiredText } from './common.ts';

export const contactStatuses = ['pending', 'read', 'archived'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const createContactInput = z.object({
  name: requiredText(limits.name),
  email,
  message: requiredText(limits.message),
  imageUploadId: optionalUploadId,
});

export const listContactsInput = pageInput.extend({
  status: z.enum(contactStatuses, 'invalidChoice').default('pending'),
});

export const setContactStatusInput = z.object({ id, status: z.enum(contactStatuses, 'invalidChoice') });
