import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import compressible from 'compressible';
import type { RequestHandler } from 'express';
import vary from 'vary';
import { negotiateEncoding } from './accept-encoding.ts';

/** Below this many bytes an answer goes as it is: the encoding would save less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli at a quick level: most of the gain for a fraction of the CPU on a small server. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

type Encoder = zlib.BrotliCompress | zlib.Gzip | zlib.Deflate;
type Chunk = string | Buffer | Uint8Array;
type Write = (this: ServerResponse, chunk: Chunk, encoding?: BufferEncoding) => boolean;
type End = (this: ServerResponse, chunk?: Chunk, encoding?: BufferEncoding) => ServerResponse;
type WriteHead = (this: ServerResponse, ...args: unknown[]) => ServerResponse;
type On = (this: ServerResponse, event: string, listener: (...args: unknown[]) => void) => ServerResponse;

/** What one response's encoding needs, kept on the response itself. */
interface Encoding {
  write: Write;
  end: End;
  writeHead: WriteHead;
  on: On;
  /** Whether the headers were looked at (the encoding is chosen once, when they are written). */
  decided: boolean;
  ended: boolean;
  /** The body's length when it came whole to `end` before the headers went. */
  length: number | undefined;
  encoder: Encoder | null;
  /** `drain` listeners added before the encoding was chosen: they belong to the encoder when there is one. */
  drainListeners: ((...args: unknown[]) => void)[];
}

const ENCODING = Symbol('encoding');
const RESPONSE = Symbol('response');
type Encoded = ServerResponse & { [ENCODING]: Encoding };
type Owned = Encoder & { [RESPONSE]: Encoded };

const stateOf = (res: ServerResponse) => (res as Encoded)[ENCODING];
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/**
 * Compresses answers (br, gzip or deflate, as the reader accepts: src/server/http/accept-encoding.ts)
 * whose type is compressible, of at least 1 KB, that are not encoded already and allow transforms;
 * it decides as the headers are written, and streams what is written after. It chooses and
 * behaves as the `compression` middleware does.
 *
 * Why not that middleware: it replaces each response's `write`, `end`, `on` and `writeHead` with
 * closures over the request and the response. V8 kept those alive through young collections, so
 * every request (its response, socket, parser and answer) went to the old generation: about 4 KB
 * a request, which grew the heap under load until a full collection. Here the replacements are
 * the same four functions for every response, reading their state from the response
 * (tests/api/compress.test.ts measures both).
 */
export function compress(): RequestHandler {
  return (_req, res, next) => {
    const state: Encoding = {
      write: res.write as Write,
      end: res.end as End,
      writeHead: res.writeHead as WriteHead,
      on: res.on as On,
      decided: false,
      ended: false,
      length: undefined,
      encoder: null,
      drainListeners: [],
    };
    (res as unknown as Encoded)[ENCODING] = state;
    res.write = write as typeof res.write;
    res.end = end as typeof res.end;
    res.writeHead = writeHead as typeof res.writeHead;
    res.on = on as typeof res.on;
    state.on.call(res, 'close', closed);
    next();
  };
}

function write(this: ServerResponse, chunk: Chunk, encoding?: BufferEncoding): boolean {
  const state = stateOf(this);
  if (state.ended) return false;
  if (!this.headersSent) this.writeHead(this.statusCode);
  return state.encoder ? state.encoder.write(toBuffer(chunk, encoding)) : state.write.call(this, chunk, encoding);
}

function end(this: ServerResponse, chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void)): ServerResponse {
  const state = stateOf(this);
  if (state.ended) return this;
  if (typeof chunk === 'function') chunk = undefined;
  if (typeof encoding === 'function') encoding = undefined;
  if (!this.headersSent) {
    if (!this.getHeader('Content-Length')) state.length = chunk ? (typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length) : 0;
    this.writeHead(this.statusCode);
  }
  if (!state.encoder) return state.end.call(this, chunk, encoding);
  state.ended = true;
  if (chunk) state.encoder.end(toBuffer(chunk, encoding));
  else state.encoder.end();
  return this;
}

function on(this: ServerResponse, event: string, listener: (...args: unknown[]) => void): ServerResponse {
  const state = stateOf(this);
  if (event !== 'drain' || (state.decided && !state.encoder)) return state.on.call(this, event, listener);
  if (state.encoder) state.encoder.on(event, listener);
  else state.drainListeners.push(listener);
  return this;
}

/** Node's own `writeHead`, after the encoding is chosen from the headers (those it is given included). */
function writeHead(this: ServerResponse, ...args: unknown[]): ServerResponse {
  const state = stateOf(this);
  if (!state.decided) {
    state.decided = true;
    // Headers handed to writeHead are part of what the choice reads (a type, a length).
    const headersAt = typeof args[1] === 'string' ? 2 : 1;
    const headers = args[headersAt];
    if (headers && typeof headers === 'object') {
      const pairs = Array.isArray(headers) ? pairsOf(headers as unknown[]) : Object.entries(headers as Record<string, string | string[]>);
      for (const [name, value] of pairs) this.setHeader(name, value);
      args = args.slice(0, headersAt);
    }
    choose(this, state);
  }
  return state.writeHead.apply(this, args);
}

/** writeHead's headers given as [name, value] pairs or as a flat list of names and values. */
function pairsOf(headers: unknown[]): [string, string | string[]][] {
  if (Array.isArray(headers[0])) return headers as [string, string][];
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
  return pairs;
}

function choose(res: ServerResponse, state: Encoding): void {
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !compressible(type)) return plain(res, state);
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return plain(res, state);
  vary(res, 'Accept-Encoding');
  const declared = res.getHeader('Content-Length');
  if (Number(declared) < COMPRESS_THRESHOLD || (state.length !== undefined && state.length < COMPRESS_THRESHOLD)) return plain(res, state);
  if ((res.getHeader('Content-Encoding') ?? 'identity') !== 'identity') return plain(res, state);
  const req = (res as ServerResponse & { req: { method?: string; headers: Record<string, string | string[] | undefined> } }).req;
  if (req.method === 'HEAD') return plain(res, state);
  const accepted = req.headers['accept-encoding'];
  const method = negotiateEncoding(Array.isArray(accepted) ? accepted.join(', ') : accepted);
  if (!method || method === 'identity') return plain(res, state);
  // The reader is gone already: nothing to encode for.
  if (res.destroyed) return plain(res, state);
  const encoder = (method === 'br' ? zlib.createBrotliCompress(BROTLI) : method === 'gzip' ? zlib.createGzip() : zlib.createDeflate()) as Owned;
  encoder[RESPONSE] = res as Encoded;
  state.encoder = encoder;
  for (const listener of state.drainListeners) encoder.on('drain', listener);
  state.drainListeners = [];
  res.setHeader('Content-Encoding', method);
  res.removeHeader('Content-Length');
  encoder.on('data', encoded);
  encoder.on('end', finished);
  state.on.call(res, 'drain', drained);
}

/** Sent as it is: the `drain` listeners held back go to the response. */
function plain(res: ServerResponse, state: Encoding): void {
  for (const listener of state.drainListeners) state.on.call(res, 'drain', listener);
  state.drainListeners = [];
}

function encoded(this: Owned, chunk: Buffer): void {
  const res = this[RESPONSE];
  if (res[ENCODING].write.call(res, chunk) === false) this.pause();
}

function finished(this: Owned): void {
  const res = this[RESPONSE];
  res[ENCODING].end.call(res);
}

function drained(this: ServerResponse): void {
  stateOf(this).encoder?.resume();
}

/** The reader left or the answer is done: the encoder's native memory goes now, not at some later collection. */
function closed(this: ServerResponse): void {
  stateOf(this).encoder?.destroy();
}
