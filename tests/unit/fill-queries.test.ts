import { QueryClient, skipToken, type QueryState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fillQueries } from '../../src/client/lib/fill-queries.ts';

/** A query's state without the moments it was written, which differ between two runs. */
const comparable = (state: QueryState | undefined) => state && { ...state, dataUpdatedAt: 0, errorUpdatedAt: 0 };

/** The state each way leaves for the same query: TanStack's prefetchQuery, and the server's fillQueries. */
async function bothWays(queryFn: unknown) {
  const queryKey = ['news', 'list', { page: 1 }];
  const prefetched = new QueryClient();
  await prefetched.prefetchQuery({ queryKey, queryFn } as never);
  const filled = new QueryClient();
  await fillQueries(filled, [{ queryKey, queryFn }]);
  return {
    prefetched: comparable(prefetched.getQueryCache().find({ queryKey })?.state),
    filled: comparable(filled.getQueryCache().find({ queryKey })?.state),
  };
}

describe('fillQueries (the server renders’ prefetch)', () => {
  it('leaves an answer in the cache as prefetchQuery does', async () => {
    const answer = { items: [{ id: 1, title: 'Teachers' }], total: 1 };
    const { prefetched, filled } = await bothWays(async ({ queryKey }: { queryKey: unknown[] }) => ({ ...answer, key: queryKey }));
    expect(filled).toEqual(prefetched);
    expect(filled).toMatchObject({ status: 'success', fetchStatus: 'idle', data: { ...answer, key: ['news', 'list', { page: 1 }] } });
  });

  it('leaves a failure as the query’s error state, as prefetchQuery does on the server (no retries)', async () => {
    const refusal = new Error('Too many searches');
    const { prefetched, filled } = await bothWays(() => Promise.reject(refusal));
    expect(filled).toEqual(prefetched);
    expect(filled).toMatchObject({ status: 'error', error: refusal, fetchStatus: 'idle', fetchFailureCount: 1 });
  });

  it('fails a query that is not to run (skipToken) as prefetchQuery fails it, so a render never waits for it again', async () => {
    const { prefetched, filled } = await bothWays(skipToken);
    expect(filled).toEqual(prefetched);
    expect(filled).toMatchObject({ status: 'error', fetchStatus: 'idle' });
  });

  it('hands each query function its key, its client and a signal that is never aborted', async () => {
    const queryClient = new QueryClient();
    let seen: { queryKey?: unknown; client?: unknown; aborted?: boolean } = {};
    await fillQueries(queryClient, [
      {
        queryKey: ['config'],
        queryFn: (context: { queryKey: unknown; client: unknown; signal: AbortSignal }) => {
          seen = { queryKey: context.queryKey, client: context.client, aborted: context.signal.aborted };
          return 'links';
        },
      },
    ]);
    expect(seen).toEqual({ queryKey: ['config'], client: queryClient, aborted: false });
    expect(queryClient.getQueryData(['config'])).toBe('links');
  });
});
