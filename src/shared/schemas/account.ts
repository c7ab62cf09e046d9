import { z } from 'zod';
import { cleanText, limits } from './common.ts';

const EASTERN_DIGITS = /[\u06f0-\u06f9\u0660-\u0669]/g;

/**
 * A second-step code as typed: six digits from the app (Persian or Arabic-Indic digits too, with
 * any spaces), or a recovery code (sixteen letters and digits, dashes and case ignored).
 */
export const secondStepCode = z
  .string('secondStepCodeShape')
  .max(64, 'secondStepCodeShape')
  .transform((typed) => typed.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf)).replace(/[\s\u200c\u200e\u200f-]/g, ''))
  .refine((code) => /^\d{6}$/.test(code) || /^[a-z2-7]{16}$/i.test(code), 'secondStepCodeShape');

export const secondStepInput = z.object({ code: secondStepCode });

export const totpConfirmInput = z.object({ code: secondStepCode.refine((code) => /^\d{6}$/.test(code), 'secondStepCodeShape') });

export const totpDisableInput = z.object({ currentPassword: z.string().min(1, 'required').max(limits.password) });

export const passkeyName = cleanText().min(1, 'required').max(60);

/** The names readers see under her work, per language; empty: no personal byline in that language. */
const publicName = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), cleanText().max(limits.name).nullable());

export const publicNamesInput = z.object({ publicNameEn: publicName, publicNameFa: publicName });

/**
 * A browser's WebAuthn answer, bounded here (the rest is checked field by field by
 * @simplewebauthn/server): `maxLength` of the whole, which a new key's attestation needs more of.
 */
export const passkeyAnswer = (maxLength: number) =>
  z
    .object({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key') })
    .loose()
    .refine((value) => JSON.stringify(value).length < maxLength, 'invalidValue');
