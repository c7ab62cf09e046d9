import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { Button } from '../button.tsx';
import { Icon } from '../icons.tsx';
import { useNotify } from '../use-notify.ts';

/** The administrators' rule: every account must have a second factor (those without one are held on their security page). */
export function SecondFactorPolicy() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const policy = useQuery(trpc.users.secondFactorPolicy.queryOptions());
  const change = useMutation(
    trpc.users.requireSecondFactor.mutationOptions({
      onSuccess: ({ required }) => {
        queryClient.setQueryData(trpc.users.secondFactorPolicy.queryKey(), { required });
        notify.success(t(required ? 'users.requireOn' : 'users.requireOff'));
      },
      onError: (error) => notify.failure(t('security.failed'), error),
    }),
  );
  if (!policy.data) return null;
  const { required } = policy.data;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="second-factor-policy">
      <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${required ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-800'}`}>
        <Icon name="shield" className="size-5" />
      </span>
      <p className="min-w-0 flex-1 text-sm leading-6 text-stone-700">{t(required ? 'users.requiredNow' : 'users.notRequiredNow')}</p>
      <Button variant={required ? 'secondary' : 'primary'} busy={change.isPending} onClick={() => change.mutate({ required: !required })}>
        {t(required ? 'users.requireStop' : 'users.requireStart')}
      </Button>
    </div>
  );
}
