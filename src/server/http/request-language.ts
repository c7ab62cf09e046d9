import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { decideLanguage, type Language } from '../../shared/locale.ts';

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
