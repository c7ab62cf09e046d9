import type { FetchQueryOptions, QueryClient, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';

/** A query as a route lists it: its key and the function that answers it. */
export interface ListedQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/** A server render is never cancelled: one signal, never aborted, serves every query function. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs the queries' functions and puts their answers in the cache, or their failures as the
 * queries' error state, as `prefetchQuery` would (a server render never retries).
 *
 * The server's renders do not use `prefetchQuery` because of how its `Query.fetch` leaks into
 * the old generation. For each fetch it defines accessor properties on fresh objects, and V8 keeps
 * such an accessor in a hidden class that only a full collection frees. Until then the accessor's
 * closure holds the query, its client and every answer of the render. Each young-generation
 * collection treats that hold as strong and so moves the whole render to the old generation.
 * Measured in a loop of fetches: every answer survived, 6 MB per collection (docs/decisions/044).
 */
export async function fillQueries(queryClient: QueryClient, queries: readonly ListedQuery[]): Promise<void> {
  await Promise.all(
    queries.map(async (options) => {
      const query = queryClient.getQueryCache().build(queryClient, options as FetchQueryOptions);
      const context = { queryKey: query.queryKey, client: queryClient, meta: query.meta, signal: NEVER_ABORTED } as QueryFunctionContext;
      try {
        // A query without a function (tRPC's skipToken) fails as Query.fetch fails it.
        if (typeof options.queryFn !== 'function') throw new Error(`Missing queryFn: '${query.queryHash}'`);
        query.setData(await (options.queryFn as QueryFunction)(context));
      } catch (error) {
        // The state Query.fetch leaves after a failure without retries.
        query.setState({
          ...query.state,
          error: error as Error,
          errorUpdateCount: query.state.errorUpdateCount + 1,
          errorUpdatedAt: Date.now(),
          fetchFailureCount: query.state.fetchFailureCount + 1,
          fetchFailureReason: error as Error,
          fetchStatus: 'idle',
          status: 'error',
          isInvalidated: true,
        });
      }
    }),
  );
}
