import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { formNames, type FormName } from '../../shared/form-posts.ts';
import { CSRF_COOKIE } from '../auth/csrf.ts';

/**
 * A form's anti-forgery token: a keyed hash of the visitor's XSRF cookie (the double-submit cookie
 * the API uses) and the form's name. Another site can neither read the cookie nor, as the cookie is
 * SameSite=Lax, make the visitor's browser send it with a cross-site post.
 */
export function formToken(cookieValue: string, form: FormName): string {
  return createHmac('sha256', cookieValue).update(`form:${form}`).digest('base64url');
}

export function formTokenValid(cookieValue: string | undefined, form: FormName, presented: unknown): boolean {
  if (!cookieValue || typeof presented !== 'string') return false;
  const expected = Buffer.from(formToken(cookieValue, form));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The XSRF cookie the visitor holds, or the one this response is setting (requestContext issues it on any write). */
export function csrfCookieOf(req: Request, res: Response): string | undefined {
  const held = parseCookies(req.headers.cookie ?? '')[CSRF_COOKIE];
  if (held) return held;
  const setting = [res.getHeader('set-cookie') ?? []].flat().map(String);
  for (const line of setting) {
    const value = parseCookies(line.split(';')[0] ?? '')[CSRF_COOKIE];
    if (value) return value;
  }
  return undefined;
}

/** Tokens for every visitor form on a page, so whichever the visitor sends next is accepted. */
export function formTokens(cookieValue: string | undefined): Partial<Record<FormName, string>> {
  if (!cookieValue) return {};
  return Object.fromEntries(formNames.map((form) => [form, formToken(cookieValue, form)]));
}
