import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { stripBidiOverrides } from '../../../shared/bidi.ts';
import { keepSearch, useKeptSearch } from '../../lib/kept-search.ts';

/** The list's page (and filter) live in the address, so reload, back and shared links keep them. */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      }),
    [setParams],
  );
  return [page, setPage] as const;
}

export function useFilterParam<T extends string>(name: string, allowed: readonly T[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = (allowed as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;
  const setValue = useCallback(
    (next: T) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next === fallback) copy.delete(name);
        else copy.set(name, next);
        return copy;
      }),
    [setParams, name, fallback],
  );
  return [value, setValue] as const;
}

/** After deleting the last item of the last page, step back to a page that has items. */
export function useClampPage(page: number, total: number | undefined, pageSize: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (total === undefined || page <= 1) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (page > last) setPage(last);
  }, [page, total, pageSize, setPage]);
}

/** Every admin list asks for this many items per page (and the dashboard warms the same queries). */
export const ADMIN_PAGE_SIZE = 12;

/**
 * The query of a list's search box. Its words never stand in the address, the title or the
 * history's state, where a seized computer would show what an editor looked for: the search is
 * kept under a token (`?s=<token>`; src/client/lib/kept-search.ts, decision 018), so Back, Forward
 * and a reload within minutes still find it. A `?q=` link made elsewhere still works. Changing
 * the query starts again at the first page; blank removes it. `pending` while a reloaded page asks
 * the server for its token's query.
 */
export function useSearchQueryParam() {
  const [params, setParams] = useSearchParams();
  const token = params.get('s');
  const kept = useKeptSearch(token);
  // An address can be crafted and sent to an editor: its direction overrides go, as in every text a person sends.
  const q = stripBidiOverrides((token ? new URLSearchParams(kept ?? '').get('q') : params.get('q')) ?? '').trim();
  const setQ = useCallback(
    (next: string) => {
      const trimmed = next.trim();
      void (trimmed ? keepSearch(new URLSearchParams({ q: trimmed })) : Promise.resolve(null)).then((kept) =>
        setParams((current) => {
          const copy = new URLSearchParams(current);
          copy.delete('page');
          copy.delete('q');
          if (kept) copy.set('s', kept);
          else copy.delete('s');
          return copy;
        }),
      );
    },
    [setParams],
  );
  return [q, setQ, token !== null && kept === undefined] as const;
}
