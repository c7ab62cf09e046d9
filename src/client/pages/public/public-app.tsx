import { Suspense, use, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PublicLayout } from '../../components/layout/public-layout.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { LazyModule } from '../../lib/lazy-module.ts';
import { matchPublicRoute, type PublicRoute, type RouteParams } from './public-routes.tsx';

/**
 * A chunk that failed to load during an in-site navigation (a dropped connection, or a new
 * release that replaced the old chunks): load the address as a whole page instead. The server
 * renders it, and main.tsx does not retry, so this cannot loop.
 */
const navigationLoads = new WeakMap<LazyModule<unknown>, Promise<unknown>>();
function loadForNavigation(page: LazyModule<unknown>): Promise<unknown> {
  let pending = navigationLoads.get(page);
  if (!pending) {
    pending = page.load().catch(() => {
      navigationLoads.delete(page);
      window.location.reload();
      return new Promise<never>(() => {});
    });
    navigationLoads.set(page, pending);
  }
  return pending;
}

/**
 * The page of a route. Its chunk is already there on the first render (loaded before hydration
 * and before server rendering), so it renders at once; after a link click it suspends, and the
 * Suspense boundary below shows the spinner until the chunk arrives.
 */
function RoutePage({ route, params }: { route: PublicRoute; params: RouteParams }) {
  const module = route.page ? (route.page.current ?? use(loadForNavigation(route.page))) : null;
  return route.view(module, params);
}

/**
 * Tells the page's first script (src/client/wake.ts) that the application has taken the page over.
 * Inside the page's Suspense boundary: hydration reaches the page after the layout around it, and
 * a press the script kept must reach the page's own handlers.
 */
function Awake() {
  useEffect(() => void document.dispatchEvent(new Event('site:awake')), []);
  return null;
}

/** The public routes; the table and its matching live in public-routes.tsx. */
export function PublicApp() {
  const [path] = useLocation();
  const { route, params } = matchPublicRoute(path);
  return (
    <PublicLayout>
      <Suspense fallback={<Spinner fullScreen />}>
        <RoutePage route={route} params={params} />
        <Awake />
      </Suspense>
    </PublicLayout>
  );
}
