/**
 * A search, as a page, a REST call or a tRPC call (batched or not), and any tRPC call whose input
 * carries a search box's `q` (the gallery and story lists take one). Such requests are never kept
 * in the response cache, whose keys are addresses: a reader's query must not stay in memory after
 * the answer, nor be sent to the next reader's browser cache as a stored page.
 */
const SEARCH_ADDRESS = /^\/(?:api\/)?search(?:[/?]|$)|^\/trpc\/[^?]*\bsearch\./i;
/** `"q":` in a tRPC input, raw or percent-encoded (the key is matched, whatever its value). */
const QUERY_FIELD = /(?:"|%22)q(?:"|%22)(?::|%3A)/i;

export const isSearchRequest = (originalUrl: string) => SEARCH_ADDRESS.test(originalUrl) || (originalUrl.startsWith('/trpc/') && QUERY_FIELD.test(originalUrl));
