// Server rendering of the public pages (built by `vite build --ssr`, imported by src/server/http/render.ts).
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import superjson from 'superjson';
import type { Language } from '../shared/locale.ts';
import { App } from './app.tsx';
import type { HeadData } from './lib/head.tsx';
import { createI18n, languageModule, loadLanguageStrings } from './lib/i18n.ts';
import type { ServerFormState } from './lib/server-form.tsx';
import { makeQueryClient, type AppRouter } from './lib/trpc.ts';
import { layoutQueries, matchPublicRoute, prefetchQueries } from './pages/public/public-routes.tsx';
import { adminApp, LOGIN_PATH } from './routes.tsx';

export interface RenderResult {
  html: string;
  head: HeadData;
  /** The full document title ("Page — Site") and the site's name, in the page's language. */
  title: string;
  siteName: string;
  /** The query cache, serialised with superjson (dates survive), for the browser to hydrate from. */
  state: string;
  /** Source files (as Vite's manifest names them) whose chunks the browser needs before hydrating. */
  modules: string[];
  /** How many times the page was rendered: 1 unless a component ran a query its route did not list. */
  passes: number;
}

/**
 * One i18next instance per language for every request: rendering only reads from it (the
 * language never changes on the server), and creating one costs more than a small render.
 */
const instances = new Map<Language, Promise<I18n>>();
const i18nFor = (language: Language) => {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = loadLanguageStrings(language).then((strings) => createI18n(language, { [language]: strings }))));
  return instance;
};

/**
 * Queries a render asked for that were not fetched yet (useQuery registers them without fetching
 * on the server). A disabled one (an item id that is not a number) is not wanted at all.
 */
const unfetched = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && (query.options as { enabled?: unknown }).enabled !== false);

/**
 * Fetches the route's queries and loads its page chunk, then renders once. A query the route did
 * not list is still fetched, at the cost of another render (up to four): a page stays correct
 * while its route's list is out of date, and tests/api/ssr-render.test.ts notices.
 */
export async function render(url: string, language: Language, trpcClient: TRPCClient<AppRouter>, serverForm?: ServerFormState | null): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const queryClient = makeQueryClient();
  // A query refused while rendering (a search over the visitor's budget) shows its refusal: by
  // default a failed query retries on mount, which on the server renders a spinner that a reader
  // without JavaScript would watch for ever. The browser asks again after hydration (only
  // successful queries are sent along).
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  const { route, params } = matchPublicRoute(pathname);
  // The sign-in page (admin chunk) is rendered anonymously: render.ts sends a signed-in editor the plain shell.
  const login = LOGIN_PATH.test(pathname);
  const page = login ? adminApp : route.page;
  const queries = login ? [trpc.auth.me.queryOptions()] : [...layoutQueries(trpc), ...route.queries({ params, search: new URLSearchParams(search), trpc })];
  const [i18n] = await Promise.all([i18nFor(language), page?.load(), prefetchQueries(queryClient, queries)]);

  let passes = 0;
  const renderPass = () => {
    passes++;
    const head: HeadData = {};
    const html = renderToString(
      <App
        i18n={i18n}
        queryClient={queryClient}
        trpcClient={trpcClient}
        ssrPath={pathname}
        ssrSearch={search.replace(/^\?/, '')}
        head={head}
        serverForm={serverForm}
      />,
    );
    return { head, html };
  };
  let { head, html } = renderPass();
  for (let pending = unfetched(queryClient); pending.length && passes < 4; pending = unfetched(queryClient)) {
    if (import.meta.env.DEV)
      console.warn(
        `[ssr] ${pathname}: queries missing from the route table:`,
        pending.map((query) => query.queryHash),
      );
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    ({ head, html } = renderPass());
  }
  const siteName = i18n.t('siteName');
  return {
    html,
    head,
    siteName,
    title: head.title ? `${head.title} — ${siteName}` : siteName,
    state: superjson.stringify(dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' })),
    modules: [languageModule(language), ...(page ? [page.src] : [])],
    passes,
  };
}
