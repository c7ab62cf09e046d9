/**
 * A search, as a page, a REST call or a tRPC call (batched or not), and any tRPC call whose input
 * carries a search box's `q` (the gallery and story lists take one). Such requests are never kept
 * in the response cache, whose keys are addresses: a reader's query must not stay in memory after
 * the answer, nor be sent to the next reader's browser cache as a stored page.
 */
const SEARCH_PAGE_OR_REST = /^\/(?:api\/)?search(?:[/?]|$)/i;
const TRPC_SEARCH_CALL = /^\/trpc\/[^?]*\bsearch\./i;
/** `"q":` in a tRPC input, raw or percent-encoded (the key is matched, whatever its value). */
const QUERY_FIELD = /(?:"|%22)q(?:"|%22)(?::|%3A)/i;

export const isSearchRequest = (originalUrl: string) =>
  SEARCH_PAGE_OR_REST.test(originalUrl) || TRPC_SEARCH_CALL.test(originalUrl) || (originalUrl.startsWith('/trpc/') && QUERY_FIELD.test(originalUrl));

const TRPC_PATH = /^\/trpc\/([^?]*)/;

/**
 * A request that is nothing but a search: the search page, the REST search, or tRPC calls every one
 * of which is a `search.` procedure. Their work is counted by the search budgets and threads
 * (decision 019) instead of the visitor's share of the server's time, so nothing else may pass for
 * one: a `q` named anywhere in the address (which keeps a read out of the cache) does not.
 */
export function isSearchOnly(originalUrl: string): boolean {
  if (SEARCH_PAGE_OR_REST.test(originalUrl)) return true;
  const trpc = TRPC_PATH.exec(originalUrl);
  if (!trpc) return false;
  let procedures: string;
  try {
    procedures = decodeURIComponent(trpc[1]!);
  } catch {
    return false;
  }
  return procedures.split(',').every((procedure) => procedure.startsWith('search.'));
}
