import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** What the browser needs of a refusal the server rendered: its sentence and its status. */
interface RefusalShape {
  message: string;
  data: { code?: string; httpStatus: number };
}

function refusalShape(error: unknown): RefusalShape | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { code?: unknown; httpStatus?: unknown } | undefined;
  if (typeof data?.httpStatus !== 'number') return null;
  return { message: error.message, data: { httpStatus: data.httpStatus, ...(typeof data.code === 'string' ? { code: data.code } : {}) } };
}

/**
 * The query cache as the server rendered it: answers, and also our server's own refusals (a search
 * over the visitor's budget answers 429 with a page saying so). Without the refusals the browser
 * would hydrate a spinner where the server's HTML shows the sentence, and React would throw the
 * page away. An error is sent only as its sentence and status, never its stack or cause.
 */
export function dehydrateRendered(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || (query.state.status === 'error' && refusalShape(query.state.error) !== null),
    shouldRedactErrors: () => false,
  });
  for (const query of state.queries) {
    if (query.state.status === 'error') query.state = { ...query.state, error: refusalShape(query.state.error) as never };
  }
  return state;
}

/**
 * Hydrates the server's cache, its answers as fresh as the page that brought them. A refusal is restored as the error the page showed, and its query is
 * not fetched again on mount: that would change the page under the reader (and, for a search,
 * spend her budget again); the page's Try again button asks anew.
 */
export function hydrateRendered(queryClient: QueryClient, state: DehydratedState) {
  // What the page shows is as current as the page: a copy is served (from the server's cache, a
  // cache in front, or the browser's) only while its validator, which moves with every public
  // change, still holds. Dated when it was rendered, a page cached for minutes would have every
  // list asked for again as soon as it loads.
  const loadedAt = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state = { ...query.state, dataUpdatedAt: loadedAt };
    if (query.state.status !== 'error') continue;
    const shape = query.state.error as unknown as RefusalShape;
    query.state = { ...query.state, error: TRPCClientError.from({ error: { message: shape.message, code: -32_600, data: shape.data } }) as never };
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(queryClient, state);
}
