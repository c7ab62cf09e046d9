import type { AnyProcedure, AnyRouter, TRPCError } from '@trpc/server';
import { getErrorShape, getHTTPStatusCode, getTRPCErrorFromUnknown, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { Request, RequestHandler, Response } from 'express';
import { utf8Bytes } from './utf8-bytes.ts';

/** What a single query needs besides its router: the same hooks tRPC's own handler is given. */
export interface SingleQueryHooks<Context> {
  createContext(req: Request, res: Response): Promise<Context>;
  /** Headers an answer with these errors carries (tRPC's `responseMeta`, for the errors alone). */
  errorHeaders(errors: TRPCError[]): Record<string, string>;
  onError(opts: { error: TRPCError; path?: string }): void;
  /** Procedures tRPC's handler refuses in a batch, even a batch of one: passed on to it. */
  alone: ReadonlySet<string>;
}

type Procedures = Record<string, AnyProcedure | undefined>;
type Untransformed = Parameters<typeof getHTTPStatusCode>[0] & object;

/** A procedure's name as the site's client writes it: no percent-encoding for tRPC to undo. */
const PLAIN_NAME = /^\/[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/** tRPC's reading of a streaming request (its getAcceptHeader): answered by its handler. */
const asksForStream = (req: Request) =>
  req.headers['trpc-accept'] !== undefined || (req.headers.accept ?? '').split(',').some((type) => type.trim() === 'application/jsonl');

/**
 * One query asked by GET, alone (`/trpc/news.list?input=…`, what developers' clients send) or as a
 * batch of one (`?batch=1&input={"0":…}`, what the site's own client sends for a query no other
 * joins), answered without tRPC's fetch adapter, which turns every request into a WHATWG Request
 * and every answer into a Response read back through web streams. In an uncached list that bridge
 * was a seventh of the server's CPU (docs/decisions/048). The answer is tRPC's, byte for byte: the
 * same procedure call, error shape, status and headers, built by tRPC's own functions
 * (tests/api/trpc-single-query.test.ts holds the two paths to the same answers).
 *
 * Anything else goes on to tRPC's handler untouched, before any work is done: batches of more,
 * mutations, posted queries, HEAD, a content type, a streaming accept header, an encoded name,
 * another parameter, an input that does not parse.
 */
export function singleQueries<Context>(router: AnyRouter, hooks: SingleQueryHooks<Context>): RequestHandler {
  const procedures = router._def.procedures as Procedures;
  const config = router._def._config;

  /** The call's input as tRPC would read it; throws when tRPC's handler should read (and refuse) it. */
  const inputOf = (search: URLSearchParams, batch: boolean): unknown => {
    const raw = search.get('input');
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as unknown;
    if (!batch) return config.transformer.input.deserialize(parsed);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a batch input');
    const first = (parsed as Record<string, unknown>)[0];
    return first === undefined ? undefined : config.transformer.input.deserialize(first);
  };

  return (req, res, next) => {
    if (req.method !== 'GET' || !PLAIN_NAME.test(req.path)) return next();
    const path = req.path.slice(1);
    const procedure = procedures[path];
    if (procedure?._def.type !== 'query' || req.headers['content-type'] !== undefined || asksForStream(req)) return next();
    const question = req.url.indexOf('?');
    const search = new URLSearchParams(question < 0 ? '' : req.url.slice(question + 1));
    for (const key of search.keys()) if (key !== 'input' && key !== 'batch') return next();
    const batch = search.has('batch');
    if (batch && (search.getAll('batch').join() !== '1' || hooks.alone.has(path))) return next();
    let input: unknown;
    try {
      input = inputOf(search, batch);
    } catch {
      return next();
    }
    answer(req, res, path, procedure, input, batch).catch(next);
  };

  async function answer(req: Request, res: Response, path: string, procedure: AnyProcedure, input: unknown, batch: boolean): Promise<void> {
    let ctx: Context | undefined;
    let untransformed: Untransformed;
    let error: TRPCError | undefined;
    let body: string;
    try {
      try {
        ctx = await hooks.createContext(req, res);
        const data: unknown = await procedure({ path, getRawInput: async () => input, ctx, type: 'query', signal: undefined, batchIndex: 0 });
        untransformed = { result: { data } };
      } catch (cause) {
        error = getTRPCErrorFromUnknown(cause);
        hooks.onError({ error, path });
        untransformed = { error: getErrorShape({ config, ctx, error, input, path, type: 'query' }) };
      }
      body = JSON.stringify(transformTRPCResponse(config, batch ? [untransformed] : untransformed));
    } catch (cause) {
      // As tRPC answers an answer it could not write: one error, whatever the call's shape.
      error = getTRPCErrorFromUnknown(cause);
      hooks.onError({ error });
      untransformed = { error: getErrorShape({ config, ctx, error, input: undefined, path: undefined, type: 'query' }) };
      body = JSON.stringify(transformTRPCResponse(config, untransformed));
    }
    if (res.statusCode === 200) res.statusCode = getHTTPStatusCode(untransformed);
    res.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(error ? hooks.errorHeaders([error]) : {})) res.setHeader(name, value);
    res.setHeader('vary', 'trpc-accept, accept');
    // Bytes with their length, as Express sends a body: a string would be measured twice (for the
    // compression's choice, and by Node for its Content-Length) before being encoded.
    const bytes = utf8Bytes(body);
    res.setHeader('content-length', bytes.length);
    res.end(bytes);
  }
}
