import zlib from 'node:zlib';
import { BROTLI_QUALITY, worthCompressing } from '../http/compress.ts';
import type { Response } from 'express';
import { SegmentedLru } from './segmented-lru.ts';

type Coding = 'identity' | 'br' | 'gzip';

interface Variant {
  /** Flat [name, value, name, value, …] lines, as res.writeHead takes them. */
  headers: string[];
  body: Buffer;
}

/** One anonymous 200 response, kept with the headers the whole middleware chain gave it. */
export interface CachedResponse {
  /** 200, or 404 for a page (capture.ts). */
  status: number;
  etag: string;
  /** Every header of the response except body framing (length, encoding): security headers included. */
  headers: string[];
  /** The headers of a 304 answer to the same request: no description of a body. */
  notModified: string[];
  body: Buffer;
  /** As the site's compression decides (src/server/http/compress.ts): a compressible type, at least 1 KB, transforms allowed. */
  compressible: boolean;
  variants: Partial<Record<Coding, Variant>>;
  bytes: number;
  /** A page, which remembers a language chosen by a `?lang=` link: such a request is never answered from here. */
  page?: boolean;
}

const FRAMING = new Set(['content-length', 'content-encoding', 'transfer-encoding']);
const BODY_HEADERS = new Set([...FRAMING, 'content-type', 'content-disposition', 'content-language']);

/**
 * Each coding is made once per entry, the first time a reader asks for it, so an entry that is never
 * read again (a one-off query string) costs no compression at all. The site's quick brotli
 * level: on a 90 KB page quality 9 saves 3% for seven times the CPU (about 25 ms with the event
 * loop blocked), quality 11 saves 12% for sixty times; build-time assets are where 11 pays.
 */
const encoders: Record<Exclude<Coding, 'identity'>, (body: Buffer) => Buffer> = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body),
};

/** Takes what the response has set so far into a cache entry (called as the body ends). */
export function entryFromResponse(res: Response, body: Buffer): CachedResponse {
  const headers: string[] = [];
  for (const name of res.getHeaderNames()) {
    if (FRAMING.has(name)) continue;
    const value = res.getHeader(name);
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  const notModified: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    if (!BODY_HEADERS.has(headers[i]!.toLowerCase())) notModified.push(headers[i]!, headers[i + 1]!);
  }
  return {
    status: res.statusCode,
    etag: String(res.getHeader('etag') ?? ''),
    headers,
    notModified,
    body,
    compressible: worthCompressing(res.getHeader('content-type'), res.getHeader('cache-control'), body.length),
    variants: {},
    bytes: body.length + 2048,
  };
}

/**
 * Anonymous GET responses of one content version, bounded in bytes (a segmented LRU, so one-off
 * addresses cannot push out the pages readers return to). A new version empties it, so stale
 * entries never wait for eviction, and a response computed under an older version than the
 * cache's is not stored.
 */
export class ResponseCache {
  private readonly entries: SegmentedLru<CachedResponse>;
  private version = '';
  private readonly maxBytes: number;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.maxBytes = maxBytes;
    this.entries = new SegmentedLru(maxBytes);
  }

  /** Answers held now. */
  get size(): number {
    return this.entries.size;
  }

  get(version: string, key: string): CachedResponse | undefined {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
      return undefined;
    }
    return this.entries.get(key);
  }

  set(version: string, key: string, entry: CachedResponse): void {
    if (version !== this.version || entry.bytes > this.maxBytes / 4) return;
    this.entries.set(key, entry);
  }

  /** The body and headers in one coding, made on first use; call right after get(), so the entry is held. */
  variant(entry: CachedResponse, coding: Coding): Variant {
    const made = entry.variants[coding];
    if (made) return made;
    const body = coding === 'identity' ? entry.body : encoders[coding](entry.body);
    const headers = [...entry.headers, 'Content-Length', String(body.length)];
    if (coding !== 'identity') {
      headers.push('Content-Encoding', coding);
      this.entries.grew(entry, body.length);
    }
    const variant = { headers, body };
    entry.variants[coding] = variant;
    return variant;
  }
}
