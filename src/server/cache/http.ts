import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { PERSONAL_COOKIES } from '../auth/sessions.ts';
import { negotiateEncoding } from '../http/accept-encoding.ts';
import { CACHE_LANGUAGE_SETTING as CACHE_LANGUAGE_HEADER_NAME, cacheLanguage, languageChoiceToRemember, requestLanguage } from '../http/request-language.ts';
import type { Deps } from '../trpc/context.ts';
import { isSearchRequest } from '../search/requests.ts';
import type { AddressOf, Addresses } from './addresses.ts';
import { capture, keepOutOfCache, keepVary } from './capture.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';
import { privateAnswer, sharedAnswer } from './shared-cache.ts';

export { keepOutOfCache } from './capture.ts';

/** What an answer's language may come from when no cache in front keys it (request-language.ts). */
const VARY = 'Cookie, X-Lang, Accept-Language, Accept-Encoding';

interface PublicRead {
  version: string;
  etag: string;
  /**
   * Where the answer is kept: its language and canonical address (./addresses.ts), so every
   * spelling of one request shares an entry. Null when it must not be kept: an address no surface
   * can name, or tRPC's streamed (JSON Lines) answers, which another reader must never be sent.
   */
  key: string | null;
  /** What Vary names: the request headers this answer was decided by. */
  vary: string;
}

/**
 * An anonymous GET or HEAD, described for the cache; null for anything else (searches included),
 * and for a page whose `?lang=` link chose a language the browser's cookie does not hold yet: its
 * answer carries the cookie that remembers the choice, which a stored answer or a 304 would drop.
 */
function publicRead(deps: Deps, req: Request, address: AddressOf, page = false): PublicRead | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (isSearchRequest(req.originalUrl)) return null;
  const header = req.headers.cookie;
  if (header) {
    const cookies = parseCookies(header);
    if (PERSONAL_COOKIES.some((name) => cookies[name])) return null;
  }
  if (page && languageChoiceToRemember(req)) return null;
  // The language the answer will be made in, decided exactly as the renderer and the procedures
  // decide it: a key from any other reading of the headers would let one request poison it.
  const lang = requestLanguage(req);
  const version = deps.cache.version();
  const accept = req.headers.accept;
  const streamed = req.headers['trpc-accept'] !== undefined || Boolean(accept?.includes('application/jsonl'));
  // No answer depends on the request's Host (pages and feeds name only configured addresses,
  // env.ts siteOrigin), so the Host is not part of the key: made-up Hosts cannot multiply entries.
  const canonical = streamed ? null : address(req);
  // Behind a cache that keys the language itself (CDN_LANGUAGE_HEADER), a request without its
  // header did not come through it, or it is misconfigured: answered, never kept by anyone.
  const keyed = cacheLanguage(req);
  const vary = keyed === undefined ? VARY : `Cookie, ${req.app.get(CACHE_LANGUAGE_HEADER_NAME) as string}, Accept-Encoding`;
  const key = canonical === null || keyed === null ? null : `${lang}|${canonical}`;
  return { version, etag: deps.cache.validator(version, lang), key, vary };
}

const presents = (req: Request, etag: string) => req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag) ?? false;

/** The stored answer to an anonymous read, if the cache holds one that may be sent as it is. */
function storedAnswer(deps: Deps, cache: ResponseCache, address: AddressOf, req: Request): CachedResponse | undefined {
  const read = publicRead(deps, req, address);
  const entry = read?.key ? cache.get(read.version, read.key) : undefined;
  return !entry || (entry.page && languageChoiceToRemember(req)) ? undefined : entry;
}

/**
 * Mounted before every other middleware: answers a cached anonymous read (or its 304) straight
 * from the entry, whose headers already are what helmet, the route and compression wrote, and
 * whose brotli and gzip bodies are made once; within the visitor's share of the server's time
 * (http/visitor-work.ts). Anything else goes on to the full chain.
 */
function cachedReads(deps: Deps, cache: ResponseCache, address: AddressOf, visitors: Visitors): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    const found = storedAnswer(deps, cache, address, req);
    if (!found) return next();
    visitors.hit(
      req,
      res,
      (late) => {
        // A request held for its visitor's budget may find the content changed meanwhile.
        const entry = late ? storedAnswer(deps, cache, address, req) : found;
        if (!entry || !sendStored(req, res, cache, entry)) next();
      },
      startedAt,
    );
  };
}

/**
 * Sends a stored answer (or its 304) as it is, in the coding the reader asked for; false when it
 * cannot: deflate (no browser asks only for it) is left to the site's compression (../http/compress.ts).
 */
function sendStored(req: Request, res: Response, cache: ResponseCache, entry: CachedResponse): boolean {
  if (presents(req, entry.etag)) {
    res.writeHead(304, entry.notModified);
    res.end();
    return true;
  }
  const coding = req.method === 'HEAD' || !entry.compressible ? 'identity' : (negotiateEncoding(req.headers['accept-encoding']) ?? 'identity');
  if (coding === 'deflate') return false;
  const variant = cache.variant(entry, coding);
  res.writeHead(entry.status, variant.headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
  return true;
}

/**
 * How long a reader waits for the same answer another reader's request is already making before
 * making it herself: long enough for any render, short enough that a stuck one delays no one much.
 */
const SAME_ANSWER_WAIT_MS = 5_000;

/**
 * Anonymous GETs of public data: an ETag per content version (a reader's browser revalidates
 * with a tiny 304), and the response stored in the cache that cachedReads answers from, so
 * repeated reads skip the database and serialisation. Both move on with the content version.
 * Requests with a session cookie (editors) are never cached. Whatever goes on to be worked out
 * waits for its visitor's turn first (http/visitor-work.ts).
 */
function conditionalGet(deps: Deps, cache: ResponseCache, address: AddressOf, page: boolean, work: RequestHandler): RequestHandler {
  // Answers being made now, by version and key: readers who ask for one meanwhile wait for it
  // instead of making it again (a popular page after a change, a cold start), so a crowd costs one
  // render, and none of them is charged to her budget for it.
  const making = new Map<string, Promise<void>>();
  /** Makes `res` the answer others wait for; returns what ends their wait (its end, or its close). */
  const lead = (flight: string, res: Response) => {
    let ended!: () => void;
    const made = new Promise<void>((resolve) => (ended = resolve));
    making.set(flight, made);
    const settle = () => {
      if (making.get(flight) === made) making.delete(flight);
      ended();
    };
    res.once('close', settle);
    return settle;
  };
  const handle = (req: Request, res: Response, next: NextFunction, waited: boolean): unknown => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const read = publicRead(deps, req, address, page);
    if (!read) {
      res.setHeader('Cache-Control', 'private, no-store');
      return work(req, res, next);
    }
    res.setHeader('ETag', read.etag);
    // Only an answer kept by its canonical address is shared: one no key names (a streamed tRPC
    // answer, an editors' shell, a request that bypassed the cache in front) stays the reader's.
    if (read.key) sharedAnswer(res, deps.env);
    else privateAnswer(res);
    res.setHeader('Vary', read.vary);
    keepVary(res);
    if (presents(req, read.etag)) {
      res.status(304).end();
      return;
    }
    const { key } = read;
    if (!key) return work(req, res, next);
    const hit = cache.get(read.version, key);
    if (hit) {
      if (waited && sendStored(req, res, cache, hit)) return;
      // Otherwise only what cachedReads leaves (a deflate-only reader): replayed through compression.
      for (let i = 0; i < hit.headers.length; i += 2) res.setHeader(hit.headers[i]!, hit.headers[i + 1]!);
      res.status(hit.status).end(req.method === 'HEAD' ? undefined : hit.body);
      return;
    }
    if (req.method !== 'GET') return work(req, res, next);
    const flight = `${read.version}|${key}`;
    const other = making.get(flight);
    if (other && !waited) {
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SAME_ANSWER_WAIT_MS)));
      void Promise.race([other, givenUp]).then(() => {
        clearTimeout(timer);
        handle(req, res, next, true);
      });
      return;
    }
    const store = (entry: CachedResponse) => cache.set(read.version, key, page ? { ...entry, page } : entry);
    // Others wait for this answer only once its making starts: while its visitor's budget holds it
    // (a flooder's request), nobody else is kept waiting behind it.
    let made: (() => void) | undefined;
    capture(res, page, store, () => made?.());
    work(req, res, (error?: unknown) => {
      if (!error) {
        // Its turn to work may come after another reader's request has made and kept this answer
        // (a crowd asking for one page while the server was busy): that answer is sent instead.
        const kept = cache.get(read.version, key);
        if (kept) {
          // Sent as it is kept, never recorded again as if it were a new answer.
          keepOutOfCache(res);
          if (sendStored(req, res, cache, kept)) return;
        }
        if (!other) made = lead(flight, res);
      }
      next(error);
    });
  };
  return (req, res, next) => handle(req, res, next, false);
}

/** Who may be answered now (http/visitor-work.ts): cached answers, and work no cache answered. */
export interface Visitors {
  hit(req: Request, res: Response, send: (late: boolean) => void, startedAt?: number): void;
  uncached: RequestHandler;
}

/**
 * The response cache of one app: `cachedReads` goes first in the chain (answers a stored read
 * before any other work), `conditionalGet` on each cacheable route (validators, and storing), and
 * `pageConditionalGet` on the server-rendered pages. Entries are keyed by canonical address.
 */
export function httpCache(deps: Deps, addresses: Addresses, visitors: Visitors) {
  const responses = deps.cache.responses;
  return {
    cachedReads: cachedReads(deps, responses, addresses.any, visitors),
    conditionalGet: conditionalGet(deps, responses, addresses.any, false, visitors.uncached),
    pageConditionalGet: conditionalGet(deps, responses, addresses.page, true, visitors.uncached),
  };
}
