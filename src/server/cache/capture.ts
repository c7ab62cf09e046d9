import type { Response } from 'express';
import { entryFromResponse, type CachedResponse } from './response-cache.ts';
import { writeCacheTags } from './shared-cache.ts';

const MAX_CACHED_BODY = 512 * 1024;

/**
 * Marks a response its handler knows must not be kept (a list page past the last one: any number of
 * them would each take an entry for the same empty answer). Procedures reach it through
 * `ctx.keepOutOfCache` (http/request-context.ts).
 */
export function keepOutOfCache(res: Response): void {
  res.locals.keepOutOfCache = true;
}

/**
 * Statuses worth keeping: every 200, and a page's 404. A page's address is canonical before it is
 * rendered (http/page-address.ts), so every unknown path shares one not-found entry per language,
 * and every missing item of a kind with an id that cannot exist another.
 */
const storable = (status: number, page: boolean) => status === 200 || (page && status === 404);

/** Records what the handlers below write, to store it once the response has ended; `ended` runs after. */
export function capture(res: Response, page: boolean, store: (entry: CachedResponse) => void, ended?: () => void) {
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
    // The entry keeps the keys of what the answer read, so answers from memory name them too.
    writeCacheTags(res);
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    const kept = storable(res.statusCode, page) && !res.locals.keepOutOfCache;
    if (kept && size <= MAX_CACHED_BODY && !res.getHeader('set-cookie') && !/no-store|private/i.test(cacheControl)) {
      store(entryFromResponse(res, Buffer.concat(chunks)));
    }
    ended?.();
    return end(chunk, ...rest);
  }) as Response['end'];
}

/** tRPC sets its own Vary; a cached answer must keep ours too, so values are added, never replaced. */
export function keepVary(res: Response) {
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
