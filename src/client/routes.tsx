import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from './components/ui/spinner.tsx';
import { PublicApp } from './pages/public/public-app.tsx';

/** The admin panel is its own chunk: public pages never download it. */
const AdminApp = lazy(() => import('./pages/admin/admin-app.tsx'));

export const ADMIN_PATH = /^\/(login|setup|admin)(\/.*)?$/;

export function AppRoutes() {
  return (
    <Switch>
      <Route path={ADMIN_PATH}>
        <Suspense fallback={<Spinner fullScreen />}>
          <AdminApp />
        </Suspense>
      </Route>
      <Route>
        <PublicApp />
      </Route>
    </Switch>
  );
}
