import { useQuery, type QueryClient, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';

/**
 * An item already present in any cached list page under `listKey`, with the time that list was
 * fetched: opening a story from a list then shows it at once, without another request.
 */
export function cachedItem<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, id: number): { item: T; updatedAt: number } | undefined {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    const data = query.state.data as { items?: T[] } | undefined;
    const item = data?.items?.find((candidate) => candidate.id === id);
    if (item) return { item, updatedAt: query.state.dataUpdatedAt };
  }
  return undefined;
}

/** A positive integer id from a route parameter, else null (an id like "abc" is simply not found). */
export function idFrom(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Whether a failed tRPC call was a NOT_FOUND. */
export function isNotFound(error: unknown): boolean {
  return (error as { data?: { code?: string } } | null)?.data?.code === 'NOT_FOUND';
}

/**
 * The query of one item by id, where "not found" is an answer (data null), not a failure. An
 * answer survives the server render: the page is rendered and hydrated as not-found (with its
 * 404), where a failed query would render a spinner on the server and then mismatch in the browser.
 * The server's prefetch (pages/public/public-routes.tsx) builds the same query.
 */
export function itemOrMissingQuery<T>(options: { queryKey: QueryKey; queryFn?: unknown }) {
  const queryFn = options.queryFn as QueryFunction<T>;
  return {
    queryKey: [...options.queryKey, 'or-missing'] as QueryKey,
    queryFn: async (context: QueryFunctionContext): Promise<T | null> => {
      try {
        // tRPC reads the procedure and input from the key it made.
        return await queryFn({ ...context, queryKey: options.queryKey } as QueryFunctionContext);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}

/** One item by id (see itemOrMissingQuery), shown at once when a cached list already holds it. */
export function useItemOrMissing<T>(
  options: { queryKey: QueryKey; queryFn?: unknown },
  settings: { enabled: boolean; cached?: { item: T; updatedAt: number } },
) {
  return useQuery<T | null>({
    ...itemOrMissingQuery<T>(options),
    enabled: settings.enabled,
    initialData: settings.cached?.item,
    initialDataUpdatedAt: settings.cached?.updatedAt,
  });
}
