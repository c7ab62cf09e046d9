import type { Request, RequestHandler, Response } from 'express';
import { message, type MessageKey } from '../../shared/messages.ts';
import { requestContext } from '../http/request-context.ts';
import { sendJson } from '../http/utf8-bytes.ts';
import type { Context, Deps } from '../trpc/context.ts';
import { createCaller } from '../trpc/router.ts';
import { restError, type FieldNames, type Reply } from './errors.ts';
import { discardUnclaimed } from '../uploads/store.ts';

export type Caller = ReturnType<typeof createCaller>;

/** What a shim gets for one request: the same context and procedures the tRPC face uses. */
export interface Call {
  req: Request;
  res: Response;
  ctx: Context;
  caller: Caller;
  /** Upload ids stored from this request's files, thrown away again if the procedure refuses it. */
  stored: string[];
}

interface EndpointOptions {
  /** How this endpoint's procedure fields are called in the original API. */
  fields?: FieldNames;
  /** Lets one endpoint keep an older error body (login's `status: false`). */
  decorateError?: (reply: Reply) => Reply;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (data: unknown): Reply => ({ status: 201, body: { success: true, data } });
export const updated = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
export const done = (ctx: Pick<Context, 'lang'>, key: MessageKey = 'deleted'): Reply => ({
  status: 200,
  body: { success: true, message: message(ctx.lang, key) },
});

/**
 * Wraps one shim: builds the request context and caller, sends its reply, and turns any refusal
 * into the Laravel-shaped error. A run that writes the response itself (a download) returns nothing.
 */
export function endpoint(deps: Deps, run: (call: Call) => Promise<Reply | void> | Reply | void, options: EndpointOptions = {}): RequestHandler {
  return async (req, res) => {
    const ctx = await requestContext(deps, req, res);
    const call: Call = { req, res, ctx, caller: createCaller({ ...ctx, originalApi: true }), stored: [] };
    try {
      const reply = await run(call);
      if (reply) sendJson(res.status(reply.status), reply.body);
    } catch (error) {
      await discardUnclaimed(deps, call.stored);
      let reply = restError(error, ctx, options.fields);
      if (options.decorateError) reply = options.decorateError(reply);
      if (res.headersSent) return;
      if (reply.headers) res.set(reply.headers);
      sendJson(res.status(reply.status), reply.body);
    }
  };
}

/** Text fields of a JSON, urlencoded or multipart body. */
export type Body = Record<string, unknown>;

export function bodyOf(req: Request): Body {
  return req.body && typeof req.body === 'object' ? (req.body as Body) : {};
}

/**
 * The value of the first of the given names present in the body, undefined when none is. Only ever
 * handed to a procedure, so it is typed as the text the procedure expects: the procedure's zod
 * schema checks the real value (missing, an array, a number) and names the field in its refusal.
 */
export function field(body: Body, ...names: string[]): string {
  for (const name of names) if (body[name] !== undefined) return body[name] as string;
  return undefined as unknown as string;
}

export function query(req: Pick<Request, 'query'>, name: string): string | undefined {
  return (req.query as Record<string, string | undefined>)[name];
}

/** Laravel's `?page=` and `?per_page=`; absent values fall back to the procedure's defaults. */
export function pageQuery(req: Pick<Request, 'query'>) {
  return { page: query(req, 'page'), pageSize: query(req, 'per_page') };
}

export function idParam(req: { params: Record<string, unknown> }): string {
  return String(req.params.id);
}
