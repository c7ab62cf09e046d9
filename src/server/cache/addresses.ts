import type { Request } from 'express';
import { isSearchRequest } from '../search/requests.ts';
import { rememberedByString } from './memo.ts';

/** The canonical address of a request (the key of its answer, with its language), or null when its answer must not be kept. */
export type AddressOf = (req: Request) => string | null;

/**
 * How each surface names its answers. An answer depends on a few things in its address (a
 * procedure and its validated input, a page and the parameters it reads); its key is made of those
 * alone, so parameters nobody reads (`?n=1`, `?utm_source=`), other spellings (`?page=01`, `/NEWS/`)
 * and pages past the end of a list never make an entry of their own, nor a render.
 */
export interface AddressSurfaces {
  /** tRPC GETs: procedures and validated inputs (http/trpc-read-key.ts). */
  trpc(originalUrl: string): string | null;
  /** The original API's public reads, by path under /api (rest/public-reads.ts). */
  rest(pathname: string, query: Request['query']): string | null;
  /** Feeds and the sitemap (http/feeds.ts). */
  feeds(pathname: string): string | null;
  /** Pages, as the page route renders them (http/page-address.ts). */
  page: AddressOf;
}

export interface Addresses {
  /** Any request, whatever answers it: used before routing (the cache's fast path) and on /api, /trpc and the feeds. */
  any: AddressOf;
  /** A request the page route answers. */
  page: AddressOf;
}

/** Answered by their own routes before any page (files, health, the anti-forgery cookie): never from the cache. */
const NOT_PAGES = /^\/(assets|storage|media|healthz|sanctum|robots\.txt)(\/|$)/i;

const pathOf = (originalUrl: string) => {
  const query = originalUrl.indexOf('?');
  return query < 0 ? originalUrl : originalUrl.slice(0, query);
};

/** The surface a path belongs to decides how its address is read; the same answer on any mount. */
export function addresses(surfaces: AddressSurfaces): Addresses {
  // Both read the address alone (a procedure's input, a REST read's path and query): remembered by
  // it, when it is a public read's (whose key holds its whole input anyway) and not a search's.
  const keep = (originalUrl: string, key: string | null) => key !== null && !isSearchRequest(originalUrl);
  const trpc = rememberedByString((originalUrl) => surfaces.trpc(originalUrl), { keep });
  // The request itself, not its query: Express parses the query again at each read of req.query.
  const rest = rememberedByString((originalUrl, req: Request) => surfaces.rest(pathOf(originalUrl).slice(4) || '/', req.query), { keep });
  return {
    any(req) {
      const path = pathOf(req.originalUrl);
      if (/^\/trpc\//i.test(path)) return trpc(req.originalUrl, undefined);
      if (/^\/api(\/|$)/i.test(path)) return rest(req.originalUrl, req);
      if (/^\/(rss\/|sitemap\.xml\/?$)/i.test(path)) return surfaces.feeds(path);
      if (NOT_PAGES.test(path)) return null;
      return surfaces.page(req);
    },
    page: surfaces.page,
  };
}
