import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { decideLanguage, type Language } from '../../shared/locale.ts';

const first = (value: unknown): string | undefined => {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
};

/**
 * The language of an HTTP request (the order is documented at decideLanguage). The only reader of
 * these four inputs on the server: the renderer, the REST and tRPC context and the cache key.
 */
export function requestLanguage(req: Request): Language {
  return decideLanguage({
    query: first(req.query.lang),
    header: req.get('x-lang'),
    cookie: parseCookies(req.headers.cookie ?? '').lang,
    acceptLanguage: req.get('accept-language'),
  });
}
