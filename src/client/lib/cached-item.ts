import { MAX_ITEM_ID } from '../../shared/limits.ts';
import { useQuery, type UseQueryOptions, type QueryClient, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';

/**
 * An item already present in any cached list page under `listKey`, with the time that list was
 * fetched: opening a story from a list then shows it at once. `partial` says the list held only an
 * excerpt of its text (an `excerpt` input) or no rendered body, so the full item must still be fetched.
 */
export function cachedItem<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, id: number): CachedItem<T> | undefined {
  let partial: CachedItem<T> | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    const data = query.state.data as { items?: T[] } | undefined;
    const item = data?.items?.find((candidate) => candidate.id === id);
    if (!item) continue;
    const excerpted = (query.queryKey[1] as { input?: { excerpt?: number } } | undefined)?.input?.excerpt !== undefined;
    // Lists carry no rendered bodies (news, articles, reports and legal items): only the detail has them.
    const withoutBody = (item as { renderedEn?: unknown[] }).renderedEn?.length === 0;
    if (!excerpted && !withoutBody) return { item, updatedAt: query.state.dataUpdatedAt, partial: false };
    partial ??= { item, updatedAt: query.state.dataUpdatedAt, partial: true };
  }
  return partial;
}

interface CachedItem<T> {
  item: T;
  updatedAt: number;
  partial: boolean;
}

/** A positive integer id from a route parameter, else null (an id like "abc" is simply not found). */
export function idFrom(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ITEM_ID ? id : null;
}

/** What an item query answers for an item written only in the other language (see itemOrMissingQuery). */
export interface InOtherLanguage {
  inOtherLanguage: true;
}

export const isInOtherLanguage = (data: unknown): data is InOtherLanguage => Boolean(data && typeof data === 'object' && 'inOtherLanguage' in data);

/** Whether a failed tRPC call was a NOT_FOUND. */
export function isNotFound(error: unknown): boolean {
  return (error as { data?: { code?: string } } | null)?.data?.code === 'NOT_FOUND';
}

/**
 * The query of one item by id, where "not found" is an answer (data null), not a failure, and so
 * is "written only in the other language" (InOtherLanguage: the page points there, and carries
 * none of the item's words). An
 * answer survives the server render: the page is rendered and hydrated as not-found (with its
 * 404), where a failed query would render a spinner on the server and then mismatch in the browser.
 * The server's prefetch (pages/public/public-routes.tsx) builds the same query.
 */
export function itemOrMissingQuery<T>(options: { queryKey: QueryKey; queryFn?: unknown }) {
  const queryFn = options.queryFn as QueryFunction<T>;
  return {
    queryKey: [...options.queryKey, 'or-missing'] as QueryKey,
    queryFn: async (context: QueryFunctionContext): Promise<T | InOtherLanguage | null> => {
      try {
        // tRPC reads the procedure and input from the key it made.
        return await queryFn({ ...context, queryKey: options.queryKey } as QueryFunctionContext);
      } catch (error) {
        if (!isNotFound(error)) throw error;
        return (error as { data?: { notInLanguage?: boolean } }).data?.notInLanguage ? { inOtherLanguage: true } : null;
      }
    },
  };
}

/**
 * One item by id (see itemOrMissingQuery), shown at once when a cached list already holds it; an
 * excerpt from a list is only a placeholder (`isPlaceholderData`) while the whole item loads.
 */
export function useItemOrMissing<T>(options: { queryKey: QueryKey; queryFn?: unknown }, settings: { enabled: boolean; cached?: CachedItem<T> }) {
  const { cached } = settings;
  return useQuery<T | InOtherLanguage | null>({
    ...itemOrMissingQuery<T>(options),
    enabled: settings.enabled,
    // (A generic T could be a function as far as TypeScript knows; items never are.)
    placeholderData: (cached?.partial ? cached.item : undefined) as UseQueryOptions<T | InOtherLanguage | null>['placeholderData'],
    initialData: cached?.partial ? undefined : cached?.item,
    initialDataUpdatedAt: cached?.partial ? undefined : cached?.updatedAt,
  });
}
