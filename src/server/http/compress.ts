import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import compressible from 'compressible';
import type { RequestHandler } from 'express';
import vary from 'vary';
import { negotiateEncoding } from './accept-encoding.ts';

/** Below this many bytes an answer goes as it is: the encoding would save less than it costs. */
const COMPRESS_THRESHOLD = 1024;
/** Brotli at a quick level: most of the gain for a fraction of the CPU on a small server. */
export const BROTLI_QUALITY = 5;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/**
 * Whether an answer of this type, Cache-Control and length (when known) is worth compressing:
 * a compressible type, at least 1 KB, transforms allowed. The response cache decides its stored
 * answers' codings by the same rule (../cache/response-cache.ts).
 */
export function worthCompressing(type: unknown, cacheControl: unknown, length: number | undefined): boolean {
  if (typeof type !== 'string' || !compressible(type)) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(cacheControl ?? ''))) return false;
  return length === undefined || length >= COMPRESS_THRESHOLD;
}

type Encoder = zlib.BrotliCompress | zlib.Gzip | zlib.Deflate;
type Chunk = string | Buffer | Uint8Array;
type Done = (error?: Error | null) => void;
type Write = (this: ServerResponse, ...args: unknown[]) => boolean;
type End = (this: ServerResponse, ...args: unknown[]) => ServerResponse;
type WriteHead = (this: ServerResponse, ...args: unknown[]) => ServerResponse;
type Listener = (...args: unknown[]) => void;
type On = (this: ServerResponse, event: string, listener: Listener) => ServerResponse;

/** What one response's encoding needs, kept on the response itself. */
interface Encoding {
  write: Write;
  end: End;
  writeHead: WriteHead;
  on: On;
  removeListener: On;
  /** Whether the headers were looked at (the encoding is chosen once, when they are written). */
  decided: boolean;
  ended: boolean;
  /** The body's length when it came whole to `end` before the headers went. */
  length: number | undefined;
  encoder: Encoder | null;
  /** `drain` listeners added before the encoding was chosen: they belong to the encoder when there is one. */
  drainListeners: Listener[];
  /** The callback handed to `end` while encoding: called once the encoded answer has gone. */
  endDone: Done | undefined;
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
 * the same functions for every response, reading their state from the response
 * (tests/unit/compress.test.ts measures both; docs/decisions/045).
 */
export function compress(): RequestHandler {
  return (_req, res, next) => {
    const state: Encoding = {
      write: res.write as Write,
      end: res.end as End,
      writeHead: res.writeHead as WriteHead,
      on: res.on as On,
      removeListener: res.removeListener as On,
      decided: false,
      ended: false,
      length: undefined,
      encoder: null,
      drainListeners: [],
      endDone: undefined,
    };
    (res as unknown as Encoded)[ENCODING] = state;
    res.write = write as typeof res.write;
    res.end = end as typeof res.end;
    res.writeHead = writeHead as typeof res.writeHead;
    res.on = on as typeof res.on;
    res.removeListener = removeListener as typeof res.removeListener;
    res.off = removeListener as typeof res.off;
    // Streamed answers (tRPC's, server-sent events) push out what is encoded so far.
    (res as unknown as { flush(): void }).flush = flush;
    state.on.call(res, 'close', closed);
    next();
  };
}

/** The body and the callback of a `write(chunk, encoding?, done?)` or an `end(chunk?, encoding?, done?)`. */
function bodyOf(args: unknown[]): { chunk: Chunk | undefined; encoding: BufferEncoding | undefined; done: Done | undefined } {
  const done = args.find((arg): arg is Done => typeof arg === 'function');
  const chunk = typeof args[0] === 'function' ? undefined : (args[0] as Chunk | undefined);
  const encoding = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
  return { chunk, encoding, done };
}

function write(this: ServerResponse, ...args: unknown[]): boolean {
  const state = stateOf(this);
  if (state.ended) return false;
  if (!this.headersSent) this.writeHead(this.statusCode);
  if (!state.encoder) return state.write.apply(this, args);
  const { chunk, encoding, done } = bodyOf(args);
  return state.encoder.write(toBuffer(chunk ?? '', encoding), done);
}

function end(this: ServerResponse, ...args: unknown[]): ServerResponse {
  const state = stateOf(this);
  if (state.ended) return this;
  const { chunk, encoding, done } = bodyOf(args);
  if (!this.headersSent) {
    if (!this.getHeader('Content-Length')) state.length = chunk ? (typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length) : 0;
    this.writeHead(this.statusCode);
  }
  if (!state.encoder) return state.end.apply(this, args);
  state.ended = true;
  state.endDone = done;
  if (chunk) state.encoder.end(toBuffer(chunk, encoding));
  else state.encoder.end();
  return this;
}

function on(this: ServerResponse, event: string, listener: Listener): ServerResponse {
  const state = stateOf(this);
  if (event !== 'drain' || (state.decided && !state.encoder)) return state.on.call(this, event, listener);
  if (state.encoder) state.encoder.on(event, listener);
  else state.drainListeners.push(listener);
  return this;
}

/** A `drain` listener may be on the encoder (so `once('drain')` and `off('drain')` reach it there too). */
function removeListener(this: ServerResponse, event: string, listener: Listener): ServerResponse {
  const state = stateOf(this);
  if (event === 'drain') {
    state.encoder?.removeListener(event, listener);
    const held = state.drainListeners.indexOf(listener);
    if (held >= 0) state.drainListeners.splice(held, 1);
  }
  return state.removeListener.call(this, event, listener);
}

function flush(this: ServerResponse): void {
  stateOf(this).encoder?.flush();
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
      setHeaders(this, headers as Record<string, string | string[]> | unknown[]);
      args = args.slice(0, headersAt);
    }
    choose(this, state);
  }
  return state.writeHead.apply(this, args);
}

/**
 * Sets writeHead's headers (an object, [name, value] pairs, or a flat list of names and values) as
 * Node would: each name given replaces what was set before, and a name given twice keeps both values.
 */
function setHeaders(res: ServerResponse, headers: Record<string, string | string[]> | unknown[]): void {
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    return;
  }
  let pairs: [string, string][];
  if (Array.isArray(headers[0])) pairs = headers as [string, string][];
  else {
    if (headers.length % 2) throw new TypeError('writeHead: a flat list of headers needs a value for every name');
    pairs = [];
    for (let i = 0; i < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
  }
  for (const [name] of pairs) res.removeHeader(name);
  for (const [name, value] of pairs) res.appendHeader(name, value);
}

function choose(res: ServerResponse, state: Encoding): void {
  if (!worthCompressing(res.getHeader('Content-Type'), res.getHeader('Cache-Control'), undefined)) return plain(res, state);
  vary(res, 'Accept-Encoding');
  const declared = res.getHeader('Content-Length');
  const length = declared === undefined ? state.length : Number(declared);
  if (length !== undefined && length < COMPRESS_THRESHOLD) return plain(res, state);
  if ((res.getHeader('Content-Encoding') || 'identity') !== 'identity') return plain(res, state);
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
  encoder.on('error', failed);
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
  const state = res[ENCODING];
  if (state.endDone) state.end.call(res, state.endDone);
  else state.end.call(res);
}

/** An encoder that fails cannot finish the answer: the reader's connection is closed, the server goes on. */
function failed(this: Owned, error: Error): void {
  this[RESPONSE].destroy(error);
}

function drained(this: ServerResponse): void {
  stateOf(this).encoder?.resume();
}

/** The reader left or the answer is done: the encoder's native memory goes now, not at some later collection. */
function closed(this: ServerResponse): void {
  stateOf(this).encoder?.destroy();
}
