import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { decideLanguage, isLanguage, type Language } from '../../shared/locale.ts';

/** `?lang=` of the address (its first value), read without parsing a query that cannot hold it: this runs on every cached read. */
function queryLanguage(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('lang=', start)) return null;
  return new URLSearchParams(url.slice(start + 1)).get('lang');
}

/**
 * The language of an HTTP request (the order is documented at decideLanguage). The only reader of
 * these four inputs on the server: the renderer, the REST and tRPC context and the cache key.
 */
export function requestLanguage(req: Request): Language {
  const cookie = req.headers.cookie;
  return decideLanguage({
    query: queryLanguage(req.originalUrl),
    header: req.headers['x-lang'] as string | undefined,
    cookie: cookie ? parseCookies(cookie).lang : undefined,
    acceptLanguage: req.headers['accept-language'],
  });
}

/**
 * The language a `?lang=` link chose that the browser's `lang` cookie does not hold yet, else null.
 * The page answering such a request remembers the choice (a Set-Cookie), so it must never be
 * answered from the response cache or with a 304: either would drop the cookie, and the visitor's
 * next page would fall back to the language they just left.
 */
export function languageChoiceToRemember(req: Request): Language | null {
  const chosen = queryLanguage(req.originalUrl);
  if (!isLanguage(chosen)) return null;
  const cookie = req.headers.cookie;
  return cookie && parseCookies(cookie).lang === chosen ? null : chosen;
}
