import type { AnyProcedure, AnyRouter, TRPCError } from '@trpc/server';
import { getErrorShape, getHTTPStatusCode, getTRPCErrorFromUnknown, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { Request, RequestHandler, Response } from 'express';

/** What a single query needs besides its router: the same hooks tRPC's own handler is given. */
export interface SingleQueryHooks<Context> {
  createContext(req: Request, res: Response): Promise<Context>;
  /** Headers an answer with these errors carries (tRPC's `responseMeta`, for the errors alone). */
  errorHeaders(errors: TRPCError[]): Record<string, string>;
  onError(opts: { error: TRPCError; path: string }): void;
}

type Procedures = Record<string, AnyProcedure | undefined>;

/** A procedure's name as the site's client writes it: no percent-encoding for tRPC to undo. */
const PLAIN_NAME = /^\/[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/**
 * One query asked by GET (`/trpc/news.list?input=…`: what the site's client and REST-minded
 * developers send for a read) answered without tRPC's fetch adapter, which turns every request into
 * a WHATWG Request and every answer into a Response read back through web streams. In an uncached
 * list that bridge (the Request, its abort signals, the Response's encoding and stream) was a
 * seventh of the server's CPU (docs/benchmarks.md). The answer is tRPC's, byte for byte: the same
 * procedure call, error shape, status and headers, built by tRPC's own functions
 * (tests/api/trpc-single-query.test.ts holds the two paths to the same answers).
 *
 * Anything else goes on to tRPC's handler untouched, before any work is done: batches, mutations,
 * posted queries, HEAD, a content type or trpc-accept header, an encoded name, an input that does
 * not parse.
 */
export function singleQueries<Context>(router: AnyRouter, hooks: SingleQueryHooks<Context>): RequestHandler {
  const procedures = router._def.procedures as Procedures;
  const config = router._def._config;
  return (req, res, next) => {
    if (req.method !== 'GET' || !PLAIN_NAME.test(req.path)) return next();
    const path = req.path.slice(1);
    const procedure = procedures[path];
    if (procedure?._def.type !== 'query' || req.headers['content-type'] !== undefined || req.headers['trpc-accept'] !== undefined) return next();
    const question = req.url.indexOf('?');
    const search = new URLSearchParams(question < 0 ? '' : req.url.slice(question + 1));
    for (const key of search.keys()) if (key !== 'input') return next();
    let input: unknown;
    try {
      const raw = search.get('input');
      input = raw ? config.transformer.input.deserialize(JSON.parse(raw)) : undefined;
    } catch {
      return next();
    }
    answer(req, res, path, procedure, input).catch(next);
  };

  async function answer(req: Request, res: Response, path: string, procedure: AnyProcedure, input: unknown): Promise<void> {
    let ctx: Context | undefined;
    let data: unknown;
    let error: TRPCError | undefined;
    try {
      ctx = await hooks.createContext(req, res);
      data = await procedure({ path, getRawInput: async () => input, ctx, type: 'query', signal: undefined, batchIndex: 0 });
    } catch (cause) {
      error = getTRPCErrorFromUnknown(cause);
      hooks.onError({ error, path });
    }
    const untransformed = error ? { error: getErrorShape({ config, ctx, error, input, path, type: 'query' }) } : { result: { data } };
    const body = JSON.stringify(transformTRPCResponse(config, untransformed));
    if (res.statusCode === 200) res.statusCode = getHTTPStatusCode(untransformed);
    res.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(error ? hooks.errorHeaders([error]) : {})) res.setHeader(name, value);
    res.setHeader('vary', 'trpc-accept, accept');
    res.end(body);
  }
}
