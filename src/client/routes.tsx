import { Suspense, use } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from './components/ui/spinner.tsx';
import { lazyModule } from './lib/lazy-module.ts';
import { PublicApp } from './pages/public/public-app.tsx';

/** The admin panel is its own chunk: public pages never download it. */
export const adminApp = lazyModule('src/client/pages/admin/admin-app.tsx', () => import('./pages/admin/admin-app.tsx'));

export const ADMIN_PATH = /^\/(login|setup|admin)(\/.*)?$/;
/** The sign-in page is rendered on the server too (its chunk loaded before rendering and hydrating). */
export const LOGIN_PATH = /^\/login\/?$/;

/** Renders at once when the chunk is already here (server, or loaded before hydration); else suspends. */
function AdminChunk() {
  const { default: AdminApp } = adminApp.current ?? use(adminApp.load());
  return <AdminApp />;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={ADMIN_PATH}>
        <Suspense fallback={<Spinner fullScreen />}>
          <AdminChunk />
        </Suspense>
      </Route>
      <Route>
        <PublicApp />
      </Route>
    </Switch>
  );
}
