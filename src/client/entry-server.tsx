// Server rendering of the public pages (built by `vite build --ssr`, imported by src/server/http/render.ts).
import { dehydrate } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { renderToString } from 'react-dom/server';
import superjson from 'superjson';
import type { Language } from '../shared/locale.ts';
import { App } from './app.tsx';
import type { HeadData } from './lib/head.tsx';
import { createI18n } from './lib/i18n.ts';
import { makeQueryClient, type AppRouter } from './lib/trpc.ts';

export interface RenderResult {
  html: string;
  head: HeadData;
  /** The full document title ("Page — Site") and the site's name, in the page's language. */
  title: string;
  siteName: string;
  /** The query cache, serialised with superjson (dates survive), for the browser to hydrate from. */
  state: string;
}

/**
 * Renders until every query the page asked for has data: each pass lets components register
 * their queries (useQuery builds them in the cache without fetching on the server), then fetches
 * the pending ones through `trpcClient` (a local link: no HTTP) and renders again.
 */
export async function render(url: string, language: Language, trpcClient: TRPCClient<AppRouter>): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const i18n = createI18n(language);
  const queryClient = makeQueryClient();
  let head: HeadData = {};
  let html = '';
  for (let pass = 0; pass < 4; pass++) {
    head = {};
    html = renderToString(<App i18n={i18n} queryClient={queryClient} trpcClient={trpcClient} ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')} head={head} />);
    const pending = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
    if (!pending.length) break;
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
  }
  const siteName = i18n.t('siteName');
  return { html, head, siteName, title: head.title ? `${head.title} — ${siteName}` : siteName, state: superjson.stringify(dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' })) };
}
