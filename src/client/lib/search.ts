import { useSyncExternalStore } from 'react';
import { useLocation, useSearch, useSearchParams } from 'wouter';
import { stripBidiOverrides } from '../../shared/bidi.ts';
import { POSTED_SEARCH_ID, searchFields } from '../../shared/search-address.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchType } from '../../shared/schemas/search.ts';
import { countryList, detailPath, pageFrom } from './content.ts';
import type { RouterOutputs } from './trpc.ts';

export type SearchHit = RouterOutputs['search']['query']['items'][number];
export type { SearchType };

/**
 * The lists of src/shared/schemas/search.ts, repeated so the public pages do not load zod; the
 * check below fails to compile if they drift.
 */
export const searchTypeList = ['news', 'article', 'report', 'legal', 'story', 'gallery'] as const satisfies readonly SearchType[];
const typesInSync: [SearchType] extends [(typeof searchTypeList)[number]] ? true : false = true;
void typesInSync;
export const SEARCH_QUERY_MAX = 200;

/** Where a result leads. Gallery items have no page of their own. */
export function resultPath(type: SearchType, id: number): string {
  switch (type) {
    case 'news':
    case 'article':
    case 'report':
      return detailPath(type, id);
    case 'legal':
      return `/legal/${id}`;
    case 'story':
      return `/stories/${id}`;
    case 'gallery':
      return '/gallery';
  }
}

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/**
 * The search the address asks for. Empty and over-long queries are answered on the page without
 * asking the server (the server refuses the latter too). The query is shown back to the reader, and
 * an address can be crafted and sent to someone: its direction overrides go, as in every text a
 * person sends (src/shared/bidi.ts).
 */
export function searchFromAddress(params: URLSearchParams) {
  const q = stripBidiOverrides(params.get('q') ?? '').trim();
  const input = {
    q,
    page: pageFrom(params.get('page')),
    type: pick(searchTypeList, params.get('type')),
    country: pick<Country>(countryList, params.get('country')),
  };
  const problem = !q ? ('empty' as const) : q.length > SEARCH_QUERY_MAX ? ('tooLong' as const) : null;
  return { input, problem };
}

/** What a search posted without JavaScript asked for, when this document is its answer. */
const postedAtLoad: string | null = (() => {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(POSTED_SEARCH_ID)?.textContent;
  return text ? (JSON.parse(text) as string) : null;
})();

interface SearchHistoryState {
  search?: string;
}
const historySearch = () => (history.state as SearchHistoryState | null)?.search ?? null;
const historyEvents = ['popstate', 'pushState', 'replaceState'];
function subscribeToHistory(callback: () => void) {
  for (const event of historyEvents) addEventListener(event, callback);
  return () => {
    for (const event of historyEvents) removeEventListener(event, callback);
  };
}

// The posted search belongs to this history entry: Back and Forward return to it, reloading keeps it.
if (postedAtLoad !== null && historySearch() === null) history.replaceState({ ...(history.state as object | null), search: postedAtLoad }, '');

/**
 * The search the page shows: the one kept in this history entry (searches started on the page,
 * which never put their words in the address), else the address's own (`/search?q=` links made
 * elsewhere). While hydrating, the posted search the server rendered.
 */
export function useSearchAddress(): URLSearchParams {
  const [address] = useSearchParams();
  const kept = useSyncExternalStore(subscribeToHistory, historySearch, () => postedAtLoad);
  return kept === null ? address : new URLSearchParams(kept);
}

/**
 * Shows a search without putting it in the address: the words go into the history entry's state,
 * as the no-JavaScript form posts them. Empty fields are left out; a new query starts at page 1.
 */
export function useSearchNavigation() {
  const [, navigate] = useLocation();
  return (fields: Partial<Record<(typeof searchFields)[number], string | undefined>>) => {
    const search = new URLSearchParams();
    for (const name of searchFields) {
      const value = fields[name];
      if (value) search.set(name, value);
    }
    navigate('/search', { state: { search: String(search) } satisfies SearchHistoryState });
    scrollTo({ top: 0 });
  };
}

/**
 * The current address for links and forms that lead back to this page (the language switch, the
 * footer's newsletter form), without a search's words: on the results page those are the posted
 * search, which must not reach an address through a link.
 */
export function useAddressWithoutSearch(): { path: string; search: string } {
  const [path] = useLocation();
  const params = new URLSearchParams(useSearch());
  if (/^\/search\/?$/i.test(path)) for (const name of searchFields) params.delete(name);
  return { path, search: String(params) };
}
