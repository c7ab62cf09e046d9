import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import superjson from 'superjson';
import { hydrateRendered } from './lib/dehydrated-refusals.ts';
import { isLanguage, type Language } from '../shared/locale.ts';
import { App } from './app.tsx';
import { applyLanguage, createI18n, initialBrowserLanguage, loadLanguageStrings } from './lib/i18n.ts';
import type { ServerFormState } from './lib/server-form.tsx';
import { makeQueryClient, makeTrpcClient, type AppRouter } from './lib/trpc.ts';
import { layoutQueries, matchPublicRoute, prefetchQueries } from './pages/public/public-routes.tsx';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { ADMIN_PATH, adminApp, LOGIN_PATH } from './routes.tsx';
import './styles.css';

async function start() {
  const root = document.getElementById('root')!;
  const serverRendered = document.documentElement.dataset.ssr === '1' && root.firstChild !== null;
  // A server-rendered page was rendered in a language; hydrating in another would not match it.
  const ssrLanguage = document.documentElement.lang;
  const language = serverRendered && isLanguage(ssrLanguage) ? ssrLanguage : initialBrowserLanguage();
  const { pathname } = window.location;
  const page = LOGIN_PATH.test(pathname) ? adminApp : ADMIN_PATH.test(pathname) ? null : matchPublicRoute(pathname).route.page;
  // The page's chunk and the language's strings (both preloaded by the server) must be here
  // before hydrating: a page that suspended now would be rendered again instead of hydrated.
  const queryClient = makeQueryClient();
  // The server-rendered page's language until the reader changes it (i18n, below, knows from then on).
  let currentLanguage = () => language as string;
  const trpcClient = makeTrpcClient(() => currentLanguage());
  const state = document.getElementById('__STATE__')?.textContent;
  let strings;
  try {
    [strings] = await Promise.all([
      loadLanguageStrings(language),
      page?.load(),
      !state && serverRendered && page !== adminApp ? fetchShown(queryClient, trpcClient, language) : null,
    ]);
  } catch (error) {
    // The server-rendered page stays readable, and its links work as plain links.
    console.error(error);
    return;
  }
  const i18n = createI18n(language, { [language]: strings });
  applyLanguage(language);
  currentLanguage = () => i18n.language;
  if (state) hydrateRendered(queryClient, superjson.parse(state));
  // A page answering a refused form post: the form hydrates with what was typed and the server's messages.
  const formState = document.getElementById('__FORM__')?.textContent;
  const serverForm = formState ? (JSON.parse(formState) as ServerFormState) : null;

  const app = (
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} trpcClient={trpcClient} serverForm={serverForm} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a slow phone stays responsive while the page comes alive.
  if (serverRendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

/**
 * A public page carries no copy of its data (what it shows is in its HTML): before hydrating, the
 * answers it was rendered from are asked for again, through the same cached reads as the server's
 * render, so the page hydrates showing what it already shows. Searches are the exception: their
 * page carries its answers (src/client/entry-server.tsx), since asking again would spend the
 * reader's search budget twice.
 */
async function fetchShown(queryClient: QueryClient, trpcClient: TRPCClient<AppRouter>, language: Language) {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  const { route, params } = matchPublicRoute(window.location.pathname);
  const search = new URLSearchParams(window.location.search);
  await prefetchQueries(queryClient, [...layoutQueries(trpc), ...route.queries({ params, search, trpc, language })]);
}

void start();
