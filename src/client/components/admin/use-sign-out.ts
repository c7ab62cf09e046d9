import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { useTRPC } from '../../lib/trpc.ts';
import { clearAllDrafts } from '../../lib/use-draft.ts';
import { useNotify } from './use-notify.ts';

/**
 * Sign out here (auth.logout) or on every device (auth.logoutEverywhere). Either way the cached
 * admin data and saved drafts go too: the next person at this laptop starts clean.
 */
export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const { t } = useTranslation('admin');

  const finish = (title: string) => {
    notify.success(title);
    navigate('~/login', { replace: true });
    clearAllDrafts();
    // Everything the panel fetched goes, except the note that the anti-forgery cookie exists.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'xsrf-cookie' });
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
  };

  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => finish(t('toasts.loggedOut')),
      onError: (error) => notify.failure(t('toasts.logoutFailed'), error),
    }),
  );
  const everywhere = useMutation(
    trpc.auth.logoutEverywhere.mutationOptions({
      onSuccess: () => finish(t('toasts.loggedOutEverywhere')),
      onError: (error) => notify.failure(t('toasts.logoutFailed'), error),
    }),
  );
  return { logout, everywhere, busy: logout.isPending || everywhere.isPending };
}
