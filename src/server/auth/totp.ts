import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';

/** RFC 6238 as every authenticator app reads it: 30-second steps, six digits, SHA-1. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now whose code is still taken: a phone clock a little fast or slow. */
export const TOTP_DRIFT_STEPS = 1;

export const newTotpKey = (): Uint8Array => new Uint8Array(randomBytes(20));
export const encodeKey = (key: Uint8Array) => Buffer.from(key).toString('base64url');
export const decodeKey = (stored: string) => new Uint8Array(Buffer.from(stored, 'base64url'));

/** The key as apps ask to have it typed: base32, in groups of four. */
export const typedKey = (key: Uint8Array) => encodeBase32UpperCaseNoPadding(key).replace(/(.{4})(?=.)/g, '$1 ');

export const totpUri = (issuer: string, account: string, key: Uint8Array) => createTOTPKeyURI(issuer, account, key, TOTP_STEP_SECONDS, TOTP_DIGITS);

export const stepAt = (now: number) => Math.floor(now / 1000 / TOTP_STEP_SECONDS);

/** The code of one step (tests compute codes with it too). */
export const totpCode = (key: Uint8Array, step: number) => generateHOTP(key, BigInt(step), TOTP_DIGITS);

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code this is, among now and the adjacent steps, or null. Every candidate is
 * compared, so how long this takes says nothing about which step matched.
 */
export function matchingStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  const current = stepAt(now);
  let found: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (sameText(totpCode(key, step), code) && found === null) found = step;
  }
  return found;
}

export const RECOVERY_CODE_COUNT = 10;

/** Sixteen base32 letters (80 bits) in groups of four: too many to guess, even from a stolen hash. */
export function newRecoveryCode(): string {
  return encodeBase32UpperCaseNoPadding(new Uint8Array(randomBytes(10)))
    .toLowerCase()
    .replace(/(.{4})(?=.)/g, '$1-');
}

/** What a typed recovery code is compared as: case, spaces and dashes do not matter. */
export const normalRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

export const recoveryCodeHash = (code: string) =>
  createHash('sha256')
    .update(`recovery:${normalRecoveryCode(code)}`)
    .digest('hex');

/** A typed code that looks like an app's code (six digits) rather than a recovery code. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code);
