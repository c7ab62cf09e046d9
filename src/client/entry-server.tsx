// Server rendering of the public pages (built by `vite build --ssr`, imported by src/server/http/render.ts).
import type { QueryClient } from '@tanstack/react-query';
import { dehydrateRendered } from './lib/dehydrated-refusals.ts';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { i18n as I18n } from 'i18next';
import { renderToString } from './lib/string-renderer.ts';
import superjson from 'superjson';
import { pastLastPage } from '../shared/list-pages.ts';
import { isLanguage, type Language } from '../shared/locale.ts';
import { App } from './app.tsx';
import { documentTitle, type HeadData } from './lib/head.tsx';
import { createI18n, languageModule, loadLanguageStrings } from './lib/i18n.ts';
import type { ServerFormState } from './lib/server-form.tsx';
import { makeQueryClient, type AppRouter } from './lib/trpc.ts';
import { canonicalAddress, withPage } from './pages/public/page-addresses.ts';
import { layoutQueries, matchPublicRoute } from './pages/public/public-routes.tsx';
import { fillQueries } from './lib/fill-queries.ts';
import { adminApp, LOGIN_PATH } from './routes.tsx';

export interface RenderResult {
  html: string;
  head: HeadData;
  /** The full document title ("Page — Site") and the site's name, in the page's language. */
  title: string;
  siteName: string;
  /**
   * The query cache, serialised with superjson (dates survive), for the browser to hydrate from;
   * empty when the page need not carry it (carriesItsAnswers).
   */
  state: string;
  /** Source files (as Vite's manifest names them) whose chunks the browser needs before hydrating. */
  modules: string[];
  /** How many times the page was rendered: 1 unless a component ran a query its route did not list. */
  passes: number;
  /** Set instead of a page when the address asked for a list page past the last one (RenderOptions): where to send the reader. */
  redirect?: string;
}

export interface RenderOptions {
  /**
   * A list page past the last one is not rendered: the result names the last page instead
   * (redirect). For addresses a reader followed; a posted search is answered where it was posted.
   */
  redirectPastLastPage?: boolean;
}

/**
 * The address a page is rendered and cached as (./pages/public/page-addresses.ts); the sign-in
 * page, rendered from the admin chunk, reads where to go next and whether a session ended.
 */
export function pageAddress(pathname: string, search: string): string {
  if (!LOGIN_PATH.test(pathname)) return canonicalAddress(pathname, search);
  const asked = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const next = asked.get('next');
  if (next) kept.set('next', next);
  if (asked.get('expired')) kept.set('expired', '1');
  const language = asked.get('lang');
  if (isLanguage(language)) kept.set('lang', language);
  return kept.size ? `/login?${kept}` : '/login';
}

/**
 * One i18next instance per language for every request: rendering only reads from it (the
 * language never changes on the server), and creating one costs more than a small render.
 */
const instances = new Map<Language, Promise<I18n>>();
const i18nFor = (language: Language) => {
  let instance = instances.get(language);
  if (!instance)
    instances.set(language, (instance = loadLanguageStrings(language).then((strings) => rememberPlainStrings(createI18n(language, { [language]: strings })))));
  return instance;
};

/** Keys remembered per language instance: every key the code names, with room to spare. */
const MAX_REMEMBERED_STRINGS = 5_000;

/**
 * A server instance's strings never change, and most of a page's are asked for without values to
 * put in (`t('nav.home')`). i18next resolves each such call afresh (copying its options, splitting
 * the key, walking the fallbacks), about a tenth of a render: here each is resolved once per
 * namespace and key, and calls with options go to i18next as before.
 */
function rememberPlainStrings(i18n: I18n): I18n {
  type Loose = (...args: unknown[]) => unknown;
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => Loose;
  const remembered = new Map<string, string>();
  i18n.getFixedT = ((lng: string | readonly string[] | null, ns?: string | readonly string[], keyPrefix?: unknown, ...rest: unknown[]) => {
    const original = () => getFixedT(lng, ns, keyPrefix, ...rest);
    if (Array.isArray(lng) || (keyPrefix !== undefined && typeof keyPrefix !== 'string')) return original();
    const scope = `${(lng as string | null) ?? i18n.language}\u0000${Array.isArray(ns) ? ns.join('\u0001') : (ns ?? '')}\u0000${(keyPrefix as string | undefined) ?? ''}\u0000`;
    let fixed: Loose | undefined;
    const t = (key: unknown, ...more: unknown[]) => {
      fixed ??= original();
      if (more.length || typeof key !== 'string') return fixed(key, ...more);
      const id = scope + key;
      const known = remembered.get(id);
      if (known !== undefined) return known;
      const value = fixed(key);
      if (typeof value === 'string' && remembered.size < MAX_REMEMBERED_STRINGS) remembered.set(id, value);
      return value;
    };
    return Object.assign(t, lng === null ? { lngs: null } : { lng }, { ns, keyPrefix });
  }) as unknown as I18n['getFixedT'];
  return i18n;
}

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
 * Whether a page must carry the answers it shows for the browser to hydrate from. A public page's
 * HTML already shows them, and the browser asks for them again only if the reader starts using the
 * page (src/client/main.tsx), through reads every cache keeps: a copy in the page would double its
 * size for every reader and cost the server its serialising. A search's answers are the exception:
 * asking again would spend the reader's search budget a second time.
 */
const carriesItsAnswers = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .some((query) => {
      const path = query.queryKey[0];
      return Array.isArray(path) && path[0] === 'search';
    });

/**
 * Fetches the route's queries and loads its page chunk, then renders once. A query the route did
 * not list is still fetched, at the cost of another render (up to four): a page stays correct
 * while its route's list is out of date, and tests/api/ssr-render.test.ts notices.
 */
export async function render(
  url: string,
  language: Language,
  trpcClient: TRPCClient<AppRouter>,
  serverForm?: ServerFormState | null,
  options: RenderOptions = {},
): Promise<RenderResult> {
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
  const routeQueries = login ? [trpc.auth.me.queryOptions()] : route.queries({ params, search: new URLSearchParams(search), trpc, language });
  const queries = login ? routeQueries : [...layoutQueries(trpc), ...routeQueries];
  const [i18n] = await Promise.all([i18nFor(language), page?.load(), fillQueries(queryClient, queries)]);
  if (options.redirectPastLastPage) {
    for (const query of routeQueries) {
      const last = pastLastPage(queryClient.getQueryData(query.queryKey));
      if (last !== null)
        return { html: '', head: {}, title: '', siteName: '', state: '', modules: [], passes: 0, redirect: withPage(`${pathname}${search}`, last) };
    }
  }

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
    await fillQueries(
      queryClient,
      pending.map((query) => ({ ...query.options, queryKey: query.queryKey })),
    );
    ({ head, html } = renderPass());
  }
  const siteName = i18n.t('siteName');
  return {
    html,
    head,
    siteName,
    title: documentTitle(head.title, siteName),
    state: login || carriesItsAnswers(queryClient) ? superjson.stringify(dehydrateRendered(queryClient)) : '',
    modules: [languageModule(language), ...(page ? [page.src] : [])],
    passes,
  };
}
