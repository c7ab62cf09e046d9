import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, useClampPage, usePageParam, useSearchQueryParam } from './use-list-params.ts';

/** What every admin list procedure answers: one page of items and how many there are in all. */
export interface PageOf<TItem = unknown> {
  items: TItem[];
  total: number;
}

export interface PagedList<TData extends PageOf> {
  query: UseQueryResult<TData, unknown>;
  page: number;
  setPage(page: number): void;
  pageSize: number;
  /** The list's search query ('' when the whole list is shown). */
  q: string;
  setQ(q: string): void;
}

/**
 * A list procedure asked for the page in the address. The page on screen stays while the next one
 * loads (no flash of a spinner between pages), and deleting the last item of the last page steps
 * back to a page that has items. The list's search query (use-list-params.ts) goes to the procedure too;
 * lists whose procedure searches show the box (PagedListPage's `searchable`).
 */
export function usePagedList<TData extends PageOf, TError, TKey extends QueryKey>(
  options: (input: { page: number; pageSize: number; q?: string }) => UseQueryOptions<TData, TError, TData, TKey>,
  pageSize: number = ADMIN_PAGE_SIZE,
): PagedList<TData> {
  const [page, setPage] = usePageParam();
  const [q, setQ, pending] = useSearchQueryParam();
  // Without a query the input is exactly the plain list's, so the dashboard's warmed pages still match.
  const asked = options(q ? { page, pageSize, q } : { page, pageSize });
  // A reloaded search waits for its query rather than show the whole list meanwhile.
  const query = useQuery({ ...asked, enabled: pending ? false : asked.enabled, placeholderData: keepPreviousData });
  useClampPage(page, query.data?.total, pageSize, setPage);
  return { query, page, setPage, pageSize, q, setQ };
}
