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

/** What `capture` keeps of one response, on the response itself. */
interface Capture {
  chunks: Buffer[];
  size: number;
  write: (this: Response, ...args: unknown[]) => boolean;
  end: (this: Response, ...args: unknown[]) => Response;
  page: boolean;
  store: (entry: CachedResponse) => void;
  ended: (() => void) | undefined;
}

const CAPTURE = Symbol('capture');
type Captured = Response & { [CAPTURE]: Capture };

/**
 * Records what the handlers below write, to store it once the response has ended; `ended` runs after.
 * The response's `write` and `end` become the same two functions for every response, reading their
 * state from it: a closure over the response stored on it kept every request alive through V8's
 * young collections (docs/decisions/045).
 */
export function capture(res: Response, page: boolean, store: (entry: CachedResponse) => void, ended?: () => void) {
  (res as Captured)[CAPTURE] = {
    chunks: [],
    size: 0,
    write: res.write as Capture['write'],
    end: res.end as Capture['end'],
    page,
    store,
    ended,
  };
  res.write = capturedWrite as Response['write'];
  res.end = capturedEnd as Response['end'];
}

function keep(state: Capture, chunk: unknown, encoding?: unknown): void {
  if (chunk === undefined || chunk === null || typeof chunk === 'function' || state.size > MAX_CACHED_BODY) return;
  const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  state.size += buffer.length;
  state.chunks.push(buffer);
}

function capturedWrite(this: Captured, chunk: unknown, ...rest: unknown[]): boolean {
  const state = this[CAPTURE];
  keep(state, chunk, rest[0]);
  return state.write.call(this, chunk, ...rest);
}

function capturedEnd(this: Captured, chunk?: unknown, ...rest: unknown[]): Response {
  const state = this[CAPTURE];
  keep(state, chunk, rest[0]);
  // The entry keeps the keys of what the answer read, so answers from memory name them too.
  writeCacheTags(this);
  const cacheControl = String(this.getHeader('cache-control') ?? '');
  const kept = storable(this.statusCode, state.page) && !this.locals.keepOutOfCache;
  if (kept && state.size <= MAX_CACHED_BODY && !this.getHeader('set-cookie') && !/no-store|private/i.test(cacheControl)) {
    state.store(entryFromResponse(this, Buffer.concat(state.chunks)));
  }
  state.ended?.();
  return state.end.call(this, chunk, ...rest);
}

/** tRPC sets its own Vary; a cached answer must keep ours too, so values are added, never replaced. */
export function keepVary(res: Response) {
  const setHeader = res.setHeader;
  res.setHeader = function (this: Response, name: string, value: number | string | readonly string[]) {
    if (name.toLowerCase() !== 'vary') return setHeader.call(this, name, value);
    const seen = new Map<string, string>();
    for (const field of [this.getHeader('vary'), value].flat().join(',').split(',')) {
      const trimmed = String(field).trim();
      if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
    }
    return setHeader.call(this, name, [...seen.values()].join(', '));
  } as Response['setHeader'];
}
