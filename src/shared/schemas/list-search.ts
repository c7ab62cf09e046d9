import { cleanText } from './common.ts';

/** The longest query a search accepts; a longer one is refused with a message rather than cut. */
export const SEARCH_QUERY_MAX = 200;

/** The search box of an admin list: blank means the whole list. */
export const listSearchQuery = cleanText().max(SEARCH_QUERY_MAX, 'searchTooLong').optional();
