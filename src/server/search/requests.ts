/**
 * A search, as a page, a REST call or a tRPC call (batched or not). Such requests are never kept
 * in the response cache, whose keys are addresses: a reader's query must not stay in memory after
 * the answer, nor be sent to the next reader's browser cache as a stored page.
 */
const SEARCH_ADDRESS = /^\/(?:api\/)?search(?:[/?]|$)|^\/trpc\/[^?]*\bsearch\./i;

export const isSearchRequest = (originalUrl: string) => SEARCH_ADDRESS.test(originalUrl);
