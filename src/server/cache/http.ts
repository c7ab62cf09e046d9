import type { Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { negotiateEncoding } from '../http/accept-encoding.ts';
import { languageChoiceToRemember, requestLanguage } from '../http/request-language.ts';
import type { Deps } from '../trpc/context.ts';
import { isSearchRequest } from '../search/requests.ts';
import { entryFromResponse, ResponseCache, type CachedResponse } from './response-cache.ts';

const VARY = 'Cookie, X-Lang, Accept-Language, Accept-Encoding';

interface PublicRead {
  version: string;
  etag: string;
  key: string;
  /** False for tRPC's streamed (JSON Lines) answers, which another reader must never be sent. */
  storable: boolean;
}

/**
 * An anonymous GET or HEAD, described for the cache; null for anything else (searches included),
 * and for a page whose `?lang=` link chose a language the browser's cookie does not hold yet: its
 * answer carries the cookie that remembers the choice, which a stored answer or a 304 would drop.
 */
function publicRead(deps: Deps, req: Request, page = false): PublicRead | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (isSearchRequest(req.originalUrl)) return null;
  const header = req.headers.cookie;
  if (header && parseCookies(header)[SESSION_COOKIE]) return null;
  if (page && languageChoiceToRemember(req)) return null;
  // The language the answer will be made in, decided exactly as the renderer and the procedures
  // decide it: a key from any other reading of the headers would let one request poison it.
  const lang = requestLanguage(req);
  const version = deps.cache.version();
  const accept = req.headers.accept;
  return {
    version,
    etag: deps.cache.validator(version, lang),
    // No answer depends on the request's Host (pages and feeds name only configured addresses,
    // env.ts siteOrigin), so the Host is not part of the key: made-up Hosts cannot multiply entries.
    key: `${lang}|${req.originalUrl}`,
    storable: req.headers['trpc-accept'] === undefined && !(accept && accept.includes('application/jsonl')),
  };
}

const presents = (req: Request, etag: string) => req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag) ?? false;

/**
 * Mounted before every other middleware: answers a cached anonymous read (or its 304) straight
 * from the entry, whose headers already are what helmet, the route and compression wrote, and
 * whose brotli and gzip bodies are made once. Anything else goes on to the full chain.
 */
function cachedReads(deps: Deps, cache: ResponseCache): RequestHandler {
  return (req, res, next) => {
    const read = publicRead(deps, req);
    const entry = read?.storable ? cache.get(read.version, read.key) : undefined;
    if (!entry || (entry.page && languageChoiceToRemember(req))) return next();
    if (presents(req, entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return;
    }
    const coding = req.method === 'HEAD' || !entry.compressible ? 'identity' : (negotiateEncoding(req.headers['accept-encoding']) ?? 'identity');
    // deflate (no browser asks only for it) is left to the compression middleware.
    if (coding === 'deflate') return next();
    const variant = cache.variant(entry, coding);
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  };
}

/** tRPC sets its own Vary; a cached answer must keep ours too, so values are added, never replaced. */
function keepVary(res: Response) {
  const setHeader = res.setHeader;
  res.setHeader = function (this: Response, name: string, value: number | string | readonly string[]) {
    if (name.toLowerCase() !== 'vary') return setHeader.call(this, name, value);
    const seen = new Map<string, string>();
    for (const field of [res.getHeader('vary'), value].flat().join(',').split(',')) {
      const trimmed = String(field).trim();
      if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
    }
    return setHeader.call(this, name, [...seen.values()].join(', '));
  } as Response['setHeader'];
}

const MAX_CACHED_BODY = 512 * 1024;

/** Records what the handlers below write, to store it once the response has ended. */
function capture(res: Response, store: (entry: CachedResponse) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_CACHED_BODY) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (res.statusCode === 200 && size <= MAX_CACHED_BODY && !res.getHeader('set-cookie') && !/no-store|private/i.test(cacheControl)) {
      store(entryFromResponse(res, Buffer.concat(chunks)));
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

/**
 * Anonymous GETs of public data: an ETag per content version (a reader's browser revalidates
 * with a tiny 304), and the response stored in the cache that cachedReads answers from, so
 * repeated reads skip the database and serialisation. Both move on with the content version.
 * Requests with a session cookie (editors) are never cached.
 */
function conditionalGet(deps: Deps, cache: ResponseCache, page: boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const read = publicRead(deps, req, page);
    if (!read) {
      res.setHeader('Cache-Control', 'private, no-store');
      return next();
    }
    res.setHeader('ETag', read.etag);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', VARY);
    keepVary(res);
    if (presents(req, read.etag)) {
      res.status(304).end();
      return;
    }
    if (!read.storable) return next();
    const hit = cache.get(read.version, read.key);
    if (hit) {
      // Only what cachedReads leaves (a deflate-only reader): replayed through compression.
      for (let i = 0; i < hit.headers.length; i += 2) res.setHeader(hit.headers[i]!, hit.headers[i + 1]!);
      res.status(200).end(req.method === 'HEAD' ? undefined : hit.body);
      return;
    }
    if (req.method === 'GET') capture(res, (entry) => cache.set(read.version, read.key, page ? { ...entry, page } : entry));
    next();
  };
}

/**
 * The response cache of one app: `cachedReads` goes first in the chain (answers a stored read
 * before any other work), `conditionalGet` on each cacheable route (validators, and storing), and
 * `pageConditionalGet` on the server-rendered pages.
 */
export function httpCache(deps: Deps, maxBytes?: number) {
  const responses = new ResponseCache(maxBytes);
  return {
    cachedReads: cachedReads(deps, responses),
    conditionalGet: conditionalGet(deps, responses, false),
    pageConditionalGet: conditionalGet(deps, responses, true),
  };
}
