import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
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

export function makeTrpcClient(getLanguage: () => string, url = '/trpc') {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url,
        transformer: superjson,
        headers() {
          const token = readXsrfToken();
          return { 'x-lang': getLanguage(), ...(token ? { 'x-xsrf-token': token } : {}) };
        },
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

/** A message for a failed call: the server's, or a fallback when there was no response. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return fallback;
}
