import { z } from 'zod';
import { cleanText, email, id, limits, requiredText } from './common.ts';

/**
 * Administrators do everything; editors all content, moderation, messages, subscribers and the
 * newsletter; writers only write (their own drafts, sent for review) and see nothing visitors sent.
 */
export const roles = ['admin', 'editor', 'writer'] as const;
export type Role = (typeof roles)[number];

const password = z.string().min(10, 'passwordTooShort').max(limits.password);

/** The acting editor's own password, when a change asks her to confirm it is her (see the users router). */
const currentPassword = z.preprocess((value) => (value === '' ? undefined : value), z.string().max(limits.password).optional());

export const createUserInput = z.object({
  name: requiredText(limits.name),
  email,
  password,
  role: z.enum(roles, 'invalidChoice').default('admin'),
  currentPassword,
});

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const updateUserInput = z.object({
  id,
  name: z.preprocess(blankToUndefined, requiredText(limits.name).optional()),
  email: z.preprocess(blankToUndefined, email.optional()),
  password: z.preprocess((value) => (value === '' ? undefined : value), password.optional()),
  role: z.preprocess(blankToUndefined, z.enum(roles, 'invalidChoice').optional()),
  currentPassword,
});

/** An administrator taking another account's second factors off (her own password when she signed in a while ago). */
export const resetSecondFactorInput = z.object({ id, currentPassword });

export const loginInput = z.object({
  /** Not checked as an address (any typed account is answered alike), but cleaned: a failed one is kept in the activity log. */
  email: cleanText()
    .min(1, 'required')
    .max(limits.email)
    .transform((value) => value.toLowerCase()),
  password: z.string().min(1, 'required').max(limits.password),
});
