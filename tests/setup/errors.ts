import { getErrorShape, TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import type { Language } from '../../src/shared/locale.ts';
import type { TestDeps } from './test-db.ts';

/** The TRPCError a call rejects with; fails the test when the call succeeds or throws something else. */
export async function rejectionOf(call: Promise<unknown>): Promise<TRPCError> {
  let outcome: unknown;
  try {
    outcome = await call;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return error as TRPCError;
  }
  throw new Error(`Expected the call to be refused, but it answered ${JSON.stringify(outcome)}`);
}

export interface ClientError {
  code: TRPCError['code'];
  message: string;
  fieldErrors: Record<string, string[]> | null;
}

/**
 * What a client receives for a refused call: the router's own error formatter applied, exactly as
 * the HTTP adapter applies it (localized message, per-field errors).
 */
export async function clientErrorOf(deps: TestDeps, call: Promise<unknown>, lang: Language = 'en'): Promise<ClientError> {
  const error = await rejectionOf(call);
  const shape = getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: innerContext(deps, { lang }),
  });
  const data = shape.data as { fieldErrors?: Record<string, string[]> | null };
  return { code: error.code, message: shape.message, fieldErrors: data.fieldErrors ?? null };
}

/** The per-field messages of a refused call; fails unless it was refused as bad input. */
export async function fieldErrorsOf(deps: TestDeps, call: Promise<unknown>, lang: Language = 'en'): Promise<Record<string, string[]>> {
  const error = await clientErrorOf(deps, call, lang);
  expect(error.code).toBe('BAD_REQUEST');
  expect(error.fieldErrors).not.toBeNull();
  return error.fieldErrors ?? {};
}
