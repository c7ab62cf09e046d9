import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import { batchLimits, passwordCheckingProcedures } from '../../shared/trpc-calls.ts';
import type { AppRouter } from '../../server/trpc/router.ts';

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The double-submit token the server set in the XSRF-TOKEN cookie (Sanctum's scheme). */
export function readXsrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export const REQUEST_TIMEOUT_MS = 45_000;

function withTimeout(signal: AbortSignal | null | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** A search box's words (`q`) in a call's input. */
const carriesSearchWords = (input: unknown) => typeof input === 'object' && input !== null && typeof (input as { q?: unknown }).q === 'string' && (input as { q: string }).q !== '';

export function makeTrpcClient(getLanguage: () => string, url = '/trpc') {
  const options = {
    url,
    transformer: superjson,
    // A request that hangs on a filtered network ends with "took too long" and a Try again button.
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal: withTimeout(init?.signal) }),
    headers() {
      const token = readXsrfToken();
      return { 'x-lang': getLanguage(), ...(token ? { 'x-xsrf-token': token } : {}) };
    },
  };
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        // A typed password is checked in a request of its own: the server refuses it in a batch.
        condition: (op) => passwordCheckingProcedures.includes(op.path),
        true: httpLink(options),
        false: splitLink({
          // A query's input goes into its address, which proxies log: searched words go in a body.
          condition: (op) => op.type === 'query' && carriesSearchWords(op.input),
          true: httpLink({ ...options, methodOverride: 'POST' }),
          // The server refuses a larger batch (src/shared/trpc-calls.ts); the link splits to fit.
          false: httpBatchLink({ ...options, maxItems: batchLimits.calls }),
        }),
      }),
    ],
  });
}

/**
 * Lists stay cached and are fetched only when missing (readers on slow networks wait once); mutations invalidate what they
 * change. Client errors (4xx) are not retried: retrying a NOT_FOUND only delays the message.
 */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
          return (status === undefined || status >= 500) && failureCount < 2;
        },
      },
    },
  });
}

/** Field errors (localized by the server) from a failed procedure call, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (error instanceof TRPCClientError) {
    const data = error.data as { fieldErrors?: Record<string, string[]> | null } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}

/** A sentence for a failed call in the reader's language (src/client/lib/failure.ts); `t` of any namespace. */
export { failureMessage as errorMessageOf } from './failure.ts';
