import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { decideLanguage, isLanguage, type Language } from '../../shared/locale.ts';

/** `?lang=` of the address (its first value), read without parsing a query that cannot hold it: this runs on every cached read. */
function queryLanguage(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('lang=', start)) return null;
  return new URLSearchParams(url.slice(start + 1)).get('lang');
}

/** Where createApp keeps CDN_LANGUAGE_HEADER (lowercased) for the app's requests. */
export const CACHE_LANGUAGE_SETTING = 'cache language header';

/**
 * The language the cache in front keyed this request on (CDN_LANGUAGE_HEADER, docs/decisions/038),
 * if the site is configured to believe one and the request carries a site language there; else
 * undefined. Null when the site is configured for one and the request came without it: such an
 * answer must never be shared (the request did not come through the cache, or the cache is
 * misconfigured), so http.ts answers it privately.
 */
export function cacheLanguage(req: Request): Language | null | undefined {
  const name = req.app?.get(CACHE_LANGUAGE_SETTING) as string | undefined;
  if (!name) return undefined;
  const value = req.headers[name];
  return isLanguage(value) ? value : null;
}

/**
 * The language of an HTTP request (the order is documented at decideLanguage). The only reader of
 * these inputs on the server: the renderer, the REST and tRPC context and the cache key. Behind a
 * cache that keys on a language of its own (cacheLanguage), that language replaces the headers and
 * the cookie: the answer then depends only on what the cache keyed it by, so no cached answer can
 * carry another reader's language whatever the cache's own reading of those headers was.
 */
export function requestLanguage(req: Request): Language {
  const cookie = req.headers.cookie;
  const keyed = cacheLanguage(req);
  if (keyed) return decideLanguage({ query: queryLanguage(req.originalUrl), header: keyed });
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
