import { getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { message } from '../../shared/messages.ts';
import type { Context } from '../trpc/context.ts';
import { ThrottledError } from '../trpc/errors.ts';
import { appRouter } from '../trpc/router.ts';

/** Procedure input field -> the field name the original client sent and shows errors under. */
export type FieldNames = Readonly<Record<string, string>>;

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Names every list shares: the procedures page by `pageSize`, Laravel by `per_page`. */
const commonFields: FieldNames = { pageSize: 'per_page' };

function renameFields(errors: Record<string, string[]>, fields: FieldNames): Record<string, string[]> {
  const renamed: Record<string, string[]> = {};
  for (const [field, texts] of Object.entries(errors)) {
    const name = fields[field] ?? commonFields[field] ?? field;
    const list = (renamed[name] ??= []);
    for (const text of texts) if (!list.includes(text)) list.push(text);
  }
  return renamed;
}

/**
 * The one place a procedure's refusal becomes a Laravel-style HTTP answer. The message and field
 * errors come from the tRPC error formatter, so both faces localize and word errors the same way;
 * only the status code and the field names are REST's own.
 */
export function restError(error: unknown, ctx: Context, fields: FieldNames = {}): Reply {
  const trpcError = getTRPCErrorFromUnknown(error);
  const shape = getTRPCErrorShape({ config: appRouter._def._config, error: trpcError, type: 'unknown', path: undefined, input: undefined, ctx });
  const fieldErrors = shape.data.fieldErrors;
  if (trpcError.code === 'BAD_REQUEST' && fieldErrors) {
    return { status: 422, body: { success: false, message: shape.message, errors: renameFields(fieldErrors, fields) } };
  }
  // Refused by the anti-forgery check (other FORBIDDENs stay 403): Laravel's answer to that is 419.
  if (trpcError.code === 'FORBIDDEN' && !ctx.csrfOk) return { status: 419, body: { message: shape.message } };
  // A call the account's role may not make.
  if (trpcError.code === 'FORBIDDEN') return { status: 403, body: { success: false, message: shape.message } };
  const status = getHTTPStatusCodeFromError(trpcError);
  if (shape.data.retryAfter) return { status, body: { message: shape.message }, headers: { 'Retry-After': String(shape.data.retryAfter) } };
  if (status >= 500) {
    console.error('REST call failed:', trpcError.cause ?? trpcError);
    return { status, body: { message: message(ctx.lang, 'serverError') } };
  }
  return { status, body: { message: shape.message } };
}

export function unauthenticated(ctx: Pick<Context, 'lang'>): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'unauthenticated') });
}

export function csrfMismatch(ctx: Pick<Context, 'lang'>): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'csrfMismatch') });
}

export function throttled(ctx: Pick<Context, 'lang'>, retryAfterSeconds: number): TRPCError {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message(ctx.lang, 'tooManyRequests'), cause: new ThrottledError(retryAfterSeconds) });
}
