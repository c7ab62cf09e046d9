import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch, useSearchParams } from 'wouter';
import { stripBidiOverrides } from '../../shared/bidi.ts';
import { withoutSlug } from '../../shared/content-kinds.ts';
import { keptSearchPath, keptSearchToken, searchFields } from '../../shared/search-address.ts';
import type { Country } from '../../shared/schemas/content.ts';
import type { SearchType } from '../../shared/schemas/search.ts';
import type { Language } from '../../shared/locale.ts';
import { countryList, itemPath, pageFrom } from './content.ts';
import { keepSearch, useKeptSearch } from './kept-search.ts';
import { useTRPC, type RouterOutputs } from './trpc.ts';

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

/** Where a result leads, in the reader's language (its slug is that language's). Gallery items have no page of their own. */
export function resultPath({ type, id, slug }: Pick<SearchHit, 'type' | 'id' | 'slug'>, language: Language): string {
  switch (type) {
    case 'news':
    case 'article':
    case 'report':
    case 'legal':
      return itemPath(type, { id, slugEn: slug, slugFa: slug }, language);
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

/** What the search page shows, and whether a kept search's token found nothing (or is being asked for). */
export interface ShownSearch {
  params: URLSearchParams;
  /** A kept search's address whose search is not kept here (expired, or made by another browser). */
  gone: boolean;
  /** A kept search's fields are being asked of the server (a page loaded for a token this tab never saw). */
  pending: boolean;
}

/**
 * The search the page shows: a kept search's (`/search/r/<token>`: the fields in this tab's memory,
 * or the server's for a page it rendered), else the address's own (`/search?q=` links made
 * elsewhere). Nothing of it is in the history entry's state (decision 018).
 */
export function useSearchAddress(): ShownSearch {
  const [path] = useLocation();
  const [address] = useSearchParams();
  const token = keptSearchToken(path);
  const fields = useKeptSearch(token);
  if (!token) return { params: address, gone: false, pending: false };
  // On the server the kept search's fields are the address it renders (src/server/http/render.ts).
  if (typeof document === 'undefined') return { params: address, gone: !address.get('q'), pending: false };
  return { params: new URLSearchParams(fields ?? ''), gone: fields === '', pending: fields === undefined };
}

/**
 * Shows a search without putting its words in the address, the title or the history's state: the
 * server keeps it under a token (as for the forms without JavaScript) and the page moves to the
 * token's address. The results are asked for at the same time, so keeping costs no extra wait.
 * Empty fields are left out; a new query starts at page 1.
 */
export function useSearchNavigation() {
  const [, navigate] = useLocation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (fields: Partial<Record<(typeof searchFields)[number], string | undefined>>) => {
    const search = new URLSearchParams();
    for (const name of searchFields) {
      const value = fields[name];
      if (value) search.set(name, value);
    }
    const { input, problem } = searchFromAddress(search);
    if (problem === 'empty') navigate('/search');
    else {
      if (!problem) void queryClient.prefetchQuery(trpc.search.query.queryOptions(input));
      navigate(keptSearchPath(await keepSearch(search)));
    }
    scrollTo({ top: 0 });
  };
}

/**
 * The current address for links and forms that lead back to this page (the language switch, the
 * footer's newsletter form), without a search: on a results page they lead to the search page
 * (a `/search?q=` link's words must not spread to more addresses, and a form posted to a kept
 * search's address would be answered without it). An item's page is named without its slug, as
 * the server renders it (docs/decisions/033).
 */
export function useAddressWithoutSearch(): { path: string; search: string } {
  const [location] = useLocation();
  const params = new URLSearchParams(useSearch());
  const onSearch = /^\/search\/?$/i.test(location) || keptSearchToken(location) !== null;
  if (onSearch) for (const name of searchFields) params.delete(name);
  return { path: onSearch ? '/search' : withoutSlug(location), search: String(params) };
}
