import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { useDraftForm, type DraftFormOptions } from './use-draft-form.tsx';
import { returnAfterEdit } from './return-to-item.ts';
import { useNotify } from './use-notify.ts';
import { useRefresh, type Section } from './use-refresh.ts';

/**
 * An edit form: its draft is the item's own (`edit-legal-4`), and a successful save returns to the
 * section's list, at the item just edited (return-to-item.ts). `updated` is the toast's text.
 */
export function useEditForm<T extends Record<string, string>>({
  draft,
  initial,
  updated,
  section,
  listPath,
  itemId,
  onSaved,
  ...options
}: DraftFormOptions<T> & { draft: string; initial: T; updated: string; section: Section; listPath: string; itemId: number; onSaved?(): void }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const refresh = useRefresh();
  const [, navigate] = useLocation();
  const form = useDraftForm(draft, initial, options);
  return {
    ...form,
    /** For the update procedure's mutationOptions. */
    callbacks: {
      onSuccess: () => {
        notify.success(updated);
        form.reset();
        void refresh(section);
        onSaved?.();
        navigate(...returnAfterEdit(listPath, itemId));
      },
      onError: form.failed(t('toasts.updateFailed')),
    },
  };
}
