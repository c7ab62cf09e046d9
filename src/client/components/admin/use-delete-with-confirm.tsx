import { useMutation } from '@tanstack/react-query';
import type { DecorateMutationProcedure, FeatureFlags } from '@trpc/tanstack-react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useConfirm } from './confirm.tsx';
import { DeleteMessage } from './delete-message.tsx';
import { useNotify } from './use-notify.ts';
import { useRefresh, type Section } from './use-refresh.ts';

/** Any tRPC delete procedure of the panel (`trpc.gallery.delete`): they all take `{ id }`. */
export type DeleteProcedure<TOutput, TErrorShape, TTransformer extends boolean, TFlags extends FeatureFlags> = DecorateMutationProcedure<{
  input: { id: unknown };
  output: TOutput;
  transformer: TTransformer;
  errorShape: TErrorShape;
  featureFlags: TFlags;
}>;

interface DeleteTarget {
  id: number;
  /** Named in the confirmation, so the editor sees what goes. */
  title: string;
  /** Replaces "This cannot be undone." where more must be said (a user loses access). */
  warning?: string;
}

/**
 * Deleting anything in the panel: an in-page confirmation naming the item, then the request, a
 * toast either way, and the section's lists (and the dashboard counts) fetched again. `texts` is
 * the section's key prefix in admin.json (`gallery`, `content.news`): it holds `confirmDelete`,
 * `deleted` and `deleteFailed`.
 */
export function useDeleteWithConfirm<TOutput, TErrorShape, TTransformer extends boolean, TFlags extends FeatureFlags>({
  procedure,
  texts,
  section,
  onDeleted,
}: {
  procedure: DeleteProcedure<TOutput, TErrorShape, TTransformer, TFlags>;
  texts: string;
  section: Section;
  /** After the toast, before the lists refresh (a dialog showing the item closes). */
  onDeleted?(): void;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const mutation = useMutation(
    procedure.mutationOptions({
      onSuccess: () => {
        notify.success(t(`${texts}.deleted`));
        onDeleted?.();
        void refresh(section);
      },
      onError: (error) => notify.failure(t(`${texts}.deleteFailed`), error),
    }),
  );

  const ask = async ({ id, title, warning }: DeleteTarget) => {
    if (await confirm({ title: t(`${texts}.confirmDelete`), message: <DeleteMessage title={title} text={warning} /> })) mutation.mutate({ id });
  };

  return {
    ask: (target: DeleteTarget) => void ask(target),
    /** The item whose deletion is running, for its busy button. */
    deletingId: mutation.isPending ? Number(mutation.variables.id) : null,
    isPending: mutation.isPending,
  };
}
