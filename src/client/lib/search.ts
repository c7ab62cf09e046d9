import { stripBidiOverrides } from '../../shared/bidi.ts';
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
