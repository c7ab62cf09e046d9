import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { errorMessageOf } from '../../lib/trpc.ts';
import { useToast } from '../ui/toaster.tsx';

/** Toasts with the original panel's titles; a failure carries the server's (localized) reason underneath. */
export function useNotify() {
  const toast = useToast();
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      success: (title: string, description?: string) => toast.show('success', title, description),
      info: (title: string, description?: string) => toast.show('info', title, description),
      failure: (title: string, error: unknown) => toast.show('error', title, errorMessageOf(error, t)),
    }),
    [toast, t],
  );
}
