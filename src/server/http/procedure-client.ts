import { createTRPCClientProxy, TRPCClientError, TRPCUntypedClient, type TRPCClient } from '@trpc/client';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError } from '@trpc/server';
import type { Context } from '../trpc/context.ts';
import { appRouter, type AppRouter } from '../trpc/router.ts';

/**
 * The client a server render reads through: each call goes straight to its procedure. tRPC's
 * local link would wrap every call in observables and abort signals (a render is never cancelled)
 * and build an exception for each answer; here an answer is the procedure's value as it returned it
 * (Dates stay Dates, as superjson gives the browser), and a refusal the TRPCClientError, with the
 * error formatter's shape, that the browser's link gives.
 */
class ProcedureClient extends TRPCUntypedClient<AppRouter> {
  private readonly contextOf: () => Context;
  private readonly onError: (error: TRPCError) => void;

  constructor(contextOf: () => Context, onError: (error: TRPCError) => void) {
    super({ links: [] });
    this.contextOf = contextOf;
    this.onError = onError;
  }

  override query(path: string, input?: unknown): Promise<never> {
    return this.call('query', path, input);
  }

  override mutation(path: string, input?: unknown): Promise<never> {
    return this.call('mutation', path, input);
  }

  private async call(type: 'query' | 'mutation', path: string, input: unknown): Promise<never> {
    const ctx = this.contextOf();
    try {
      return (await callTRPCProcedure({ router: appRouter, path, getRawInput: async () => input, ctx, type, signal: undefined, batchIndex: 0 })) as never;
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      this.onError(error);
      const shape = getTRPCErrorShape({ config: appRouter._def._config, ctx, error, input, path, type });
      throw TRPCClientError.from({ error: shape }, { cause: error });
    }
  }
}

/** A typed client whose calls run the procedures in this process, each with a context from `contextOf`. */
export function procedureClient(contextOf: () => Context, onError: (error: TRPCError) => void): TRPCClient<AppRouter> {
  return createTRPCClientProxy(new ProcedureClient(contextOf, onError));
}
