import { z } from 'zod';
import { countries } from './content.ts';
import { SEARCH_QUERY_MAX } from './list-search.ts';
import { cleanText } from './common.ts';

/** What the search finds, as its results and its `type` filter name them. */
export const searchTypes = ['news', 'article', 'report', 'legal', 'story', 'gallery'] as const;
export type SearchType = (typeof searchTypes)[number];

export { SEARCH_QUERY_MAX };
export const SEARCH_PAGE_SIZE = 10;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A search as a reader or the address asks for it. An empty query is valid (an empty page); one
 * over 200 characters is refused with a message rather than cut, so the reader knows why.
 */
export const searchInput = z.object({
  q: cleanText().max(SEARCH_QUERY_MAX, 'searchTooLong').default(''),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
  type: z.preprocess(emptyToUndefined, z.enum(searchTypes, 'invalidChoice').optional()),
  country: z.preprocess(emptyToUndefined, z.enum(countries, 'invalidChoice').optional()),
});
export type SearchInput = z.infer<typeof searchInput>;
