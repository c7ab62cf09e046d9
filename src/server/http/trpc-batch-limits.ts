import type { AnyProcedure, AnyRouter } from '@trpc/server';
import express, { type RequestHandler } from 'express';
import superjson from 'superjson';
import { message } from '../../shared/messages.ts';
import { batchLimits } from '../../shared/trpc-calls.ts';
import { requestLanguage } from './request-language.ts';

type Procedures = Record<string, AnyProcedure | undefined>;

/** Rows a call can return: its validated pageSize, else one. An invalid input costs one (the procedure refuses it). */
function rowsOf(procedures: Procedures, path: string, input: unknown): number {
  const schema = procedures[path]?._def.inputs[0] as { safeParse?: (value: unknown) => { success: boolean; data?: unknown } } | undefined;
  if (!schema?.safeParse) return 1;
  const parsed = schema.safeParse(input);
  const pageSize = parsed.success ? (parsed.data as { pageSize?: unknown } | undefined)?.pageSize : undefined;
  return typeof pageSize === 'number' && pageSize > 1 ? pageSize : 1;
}

/** The deserialised input of each call of a batch (`{"0":…,"1":…}`, in `?input=` or a posted body), or null when unreadable. */
export function batchInputs(raw: string | null, count: number): unknown[] | null {
  if (!raw) return Array.from({ length: count }, () => undefined);
  try {
    const all = JSON.parse(raw) as Record<string, unknown>;
    if (!all || typeof all !== 'object') return null;
    return Array.from({ length: count }, (_, index) => {
      const one = all[index];
      return one === undefined ? undefined : superjson.deserialize(one as Parameters<typeof superjson.deserialize>[0]);
    });
  } catch {
    return null;
  }
}

export function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Refuses an over-large tRPC batch with 413 and a tRPC error body (which the client shows as the
 * error of every call in the batch) before any procedure runs. Mounted on /trpc ahead of tRPC.
 * Queries may also arrive posted (the client posts searches, so their words stay out of
 * addresses): a posted batch of queries is read here, counted like a GET's, and handed on to tRPC
 * as the text it would have read itself.
 */
export function trpcBatchLimits(router: AnyRouter, maxBodySize: number): RequestHandler {
  const procedures = router._def.procedures as Procedures;
  const readText = express.text({ type: () => true, limit: maxBodySize });
  const refuse: RequestHandler = (req, res) => {
    const error = {
      message: message(requestLanguage(req), 'batchTooLarge'),
      code: -32413,
      data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, fieldErrors: null, retryAfter: null },
    };
    res.status(413).json({ error: superjson.serialize(error) });
  };
  const tooManyRows = (paths: string[], raw: string | null) => {
    const inputs = batchInputs(raw, paths.length);
    // An unreadable input is tRPC's to refuse, with its own message.
    return inputs !== null && paths.reduce((rows, path, index) => rows + rowsOf(procedures, path, inputs[index]), 0) > batchLimits.rows;
  };
  return (req, res, next) => {
    const search = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1 || req.url.length));
    if (search.get('batch') !== '1') return next();
    const paths = decoded(req.path.slice(req.path.lastIndexOf('/') + 1)).split(',');
    if (paths.length > batchLimits.calls) return refuse(req, res, next);
    if (req.method === 'GET') return tooManyRows(paths, search.get('input')) ? refuse(req, res, next) : next();
    if (req.method !== 'POST' || !paths.some((path) => procedures[path]?._def.type === 'query')) return next();
    readText(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      if (typeof body !== 'string') return next();
      if (tooManyRows(paths, body || null)) return refuse(req, res, next);
      next();
    });
  };
}
