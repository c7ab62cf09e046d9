import type { RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Deps } from '../trpc/context.ts';
import { runtimeFor } from '../security/runtime.ts';

/**
 * The version of everything a visitor can read: the in-process change counter (bumped by every
 * successful mutation and by housekeeping) plus SQLite's data_version (bumped when another
 * process, such as a command-line tool, commits to the file).
 */
export function contentVersion(deps: Deps): string {
  const runtime = runtimeFor(deps.db, deps.env);
  const dataVersion = deps.db.$client.pragma('data_version', { simple: true }) as number;
  return `${runtime.bootId}.${runtime.changes}.${dataVersion}`;
}

interface CachedResponse {
  status: number;
  headers: [string, string | number | string[]][];
  body: Buffer;
}

/** A small LRU of anonymous GET responses; entries of older content versions simply age out. */
class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly maxEntries: number;
  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }
  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: CachedResponse): void {
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

const MAX_CACHED_BODY = 512 * 1024;
const NOT_REPLAYED = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'etag', 'cache-control', 'vary']);

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
    if (res.statusCode === 200 && size <= MAX_CACHED_BODY && !res.getHeader('set-cookie')) {
      const headers = Object.entries(res.getHeaders()).filter(([name]) => !NOT_REPLAYED.has(name)) as CachedResponse['headers'];
      store({ status: 200, headers, body: Buffer.concat(chunks) });
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

/**
 * Anonymous GETs of public data: an ETag per content version (a reader's browser revalidates
 * with a tiny 304), and a response cache so repeated reads skip the database and serialisation.
 * Both are invalidated by any change, since the version is part of the key. Requests with a
 * session cookie (editors) are never cached.
 */
export function conditionalGet(deps: Deps, options: { cache?: boolean } = {}): RequestHandler {
  const cache = new ResponseCache(500);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const cookies = parseCookies(req.headers.cookie ?? '');
    if (cookies[SESSION_COOKIE]) {
      res.setHeader('Cache-Control', 'private, no-store');
      return next();
    }
    const lang = req.get('x-lang') ?? cookies.lang ?? req.get('accept-language')?.slice(0, 2) ?? '';
    const version = contentVersion(deps);
    const etag = `W/"${version}-${lang}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Cookie, X-Lang, Accept-Language, Accept-Encoding');
    const presented = req.get('if-none-match');
    if (presented && presented.split(',').some((tag) => tag.trim() === etag)) {
      res.status(304).end();
      return;
    }
    if (options.cache === false) return next();
    const key = `${version}|${lang}|${req.originalUrl}`;
    const hit = cache.get(key);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.status(hit.status).end(req.method === 'HEAD' ? undefined : hit.body);
      return;
    }
    if (req.method === 'GET') capture(res, (entry) => cache.set(key, entry));
    next();
  };
}
