import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { Route, Switch, useRoute } from 'wouter';
import { AdminGuard } from '../../components/admin/admin-session.tsx';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { ConfirmProvider } from '../../components/admin/confirm.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ensureXsrfCookie } from '../../lib/xsrf.ts';
import { ensureAdminTexts } from './admin-i18n.ts';
import { AdminRoutes } from './admin-routes.tsx';
import { LoginPage } from './login-page.tsx';
import { SetupPage } from './setup-page.tsx';
import { TwoFactorPage } from './two-factor-page.tsx';

/** /login, /setup and /admin/*: the lazily loaded admin chunk (never imported by public code). */
export default function AdminApp() {
  const { i18n } = useTranslation();
  ensureAdminTexts(i18n);
  // Every screen here writes: the anti-forgery cookie must exist first. The sign-in page, rendered on
  // the server, does not wait: it makes sure of the cookie when the form is sent.
  const [login] = useRoute('/login');
  const xsrf = useQuery({ queryKey: ['xsrf-cookie'], queryFn: () => ensureXsrfCookie().then(() => true), staleTime: Infinity, enabled: !login });
  if (xsrf.isPending && !login) return <Spinner fullScreen />;
  return (
    <ConfirmProvider>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/login/two-factor" component={TwoFactorPage} />
        <Route path="/setup" component={SetupPage} />
        <Route path="/admin" nest>
          <AdminGuard>
            <AdminLayout>
              <AdminRoutes />
            </AdminLayout>
          </AdminGuard>
        </Route>
      </Switch>
    </ConfirmProvider>
  );
}
