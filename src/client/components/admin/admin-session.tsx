import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { Spinner } from '../ui/spinner.tsx';
import { LoadError } from './list-states.tsx';

type AdminUser = NonNullable<RouterOutputs['auth']['me']>;

const SessionContext = createContext<AdminUser | null>(null);

/** The signed-in editor; only inside <AdminGuard>. */
export function useAdminUser(): AdminUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useAdminUser needs <AdminGuard>');
  return user;
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
}

/**
 * Any admin call refused as unauthenticated (the session expired or was ended elsewhere) makes
 * the guard check again, which sends the editor to /login and back here afterwards. Drafts keep
 * what was typed meanwhile.
 */
function useSessionExpiry() {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isUnauthorized(error)) void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, trpc]);
}

/** Only safe, in-panel destinations are followed after login: never another site. */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/admin(\/[^/\\]|\/?$|\?)/.test(next) && !next.startsWith('//') ? next : '/admin/home';
}

/** Spinner while the current-user check runs; /login?next=here when nobody is signed in. Lives inside the /admin nest. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const [location] = useLocation();
  const search = useSearch();
  // A session that ends while the panel is open is told apart from a first visit on the login page.
  const [hadUser, setHadUser] = useState(false);
  useEffect(() => {
    if (me.data) setHadUser(true);
  }, [me.data]);
  useSessionExpiry();

  if (me.isPending) return <Spinner fullScreen />;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-xl p-8">
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (!me.data) {
    const here = `/admin${location === '/' ? '' : location}${search ? `?${search}` : ''}`;
    const params = new URLSearchParams({ next: here });
    if (hadUser) params.set('expired', '1');
    return <Redirect to={`~/login?${params.toString()}`} replace />;
  }
  // The site requires a second factor this account lacks: its security page is all it may use.
  if (me.data.mustAddSecondFactor && location !== '/account') return <Redirect to="/account" replace />;
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
