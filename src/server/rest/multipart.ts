import { TRPCError } from '@trpc/server';
import type { Deps } from '../trpc/context.ts';
import { ThrottledError } from '../trpc/errors.ts';
import { fieldError } from '../trpc/init.ts';
import { uploadIntake, type IntakeField } from '../uploads/intake.ts';
import { refusalMessage, type UploadRefusal } from '../uploads/refusal.ts';
import type { Call } from './endpoint.ts';
import { csrfMismatch, throttled, unauthenticated } from './errors.ts';

/** A refusal of the intake as the error the original API gave: a bad file is a 422 on its field, as Laravel validates it. */
function refusalError(call: Call, deps: Deps, refusal: UploadRefusal): TRPCError {
  const { ctx } = call;
  switch (refusal.kind) {
    case 'forgery':
      return csrfMismatch(ctx);
    case 'unauthenticated':
      return unauthenticated(ctx);
    case 'throttled':
      return throttled(ctx, refusal.retryAfter);
    case 'busy':
      return new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: refusalMessage(refusal, ctx.lang, deps.env),
        cause: new ThrottledError(refusal.retryAfter),
      });
    default:
      return fieldError(refusal.field, refusalMessage(refusal, ctx.lang, deps.env));
  }
}

/**
 * Reads a multipart body the way the original forms send it, files under their own field names,
 * through the one upload intake (the same checks and cleaning as POST /api/uploads). Returns the
 * upload id per file field, for the procedure to claim; the endpoint discards them if the
 * procedure refuses the form. Non-multipart bodies (JSON) pass through untouched.
 */
export function fileReceiver(deps: Deps, fields: readonly IntakeField[], options: { adminOnly: boolean; readTextFirst?: boolean }) {
  const intake = uploadIntake(deps, { fields, ...options });
  return async function receive(call: Call): Promise<Record<string, string | undefined>> {
    const result = await intake(call.req, call.res, call.ctx);
    if (!result.ok) throw refusalError(call, deps, result.refusal);
    call.stored.push(...result.storedIds);
    return Object.fromEntries(Object.entries(result.files).map(([name, stored]) => [name, stored?.id]));
  };
}
