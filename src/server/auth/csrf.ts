import { timingSafeEqual, randomBytes } from 'node:crypto';

/** The double-submit cookie of Laravel Sanctum, which the original client already speaks. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

export function generateCsrfToken(): string {
  return randomBytes(32).toString('base64url');
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
