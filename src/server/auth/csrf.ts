import { timingSafeEqual, randomBytes } from 'node:crypto';

/** The double-submit cookie of Laravel Sanctum, which the original client already speaks. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

const TOKEN_BYTES = 32;
/**
 * Random bytes drawn a few kilobytes at a time, as Node's randomUUID does: each call to the
 * system's generator costs a few microseconds, many times more in a busy server than in a loop,
 * and every answer to a browser without the cookie (a first visit, an editor's uncached request)
 * issues one. Each token takes bytes no other token has taken.
 */
const POOL_BYTES = TOKEN_BYTES * 128;
let pool = Buffer.alloc(0);
let taken = 0;

export function generateCsrfToken(): string {
  if (taken + TOKEN_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  const token = pool.toString('base64url', taken, taken + TOKEN_BYTES);
  // Handed out: not kept in the process's memory any longer than the token itself.
  pool.fill(0, taken, taken + TOKEN_BYTES);
  taken += TOKEN_BYTES;
  return token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** True when the header repeats the cookie. Clients may send the cookie value URL-encoded, as axios does. */
export function csrfTokensMatch(cookieValue: string | undefined, headerValue: string | undefined): boolean {
  if (!cookieValue || !headerValue) return false;
  let header: string;
  try {
    header = decodeURIComponent(headerValue);
  } catch {
    return false;
  }
  const a = Buffer.from(cookieValue);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}
