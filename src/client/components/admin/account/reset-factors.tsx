import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import { Button } from '../button.tsx';
import { useNotify } from '../use-notify.ts';
import { PasswordDialog } from './password-dialog.tsx';

/**
 * On another account's edit page: whether it has a second factor, and the administrator's reset (a
 * lost phone or passkey). Her password, since a reset lets the password alone sign in again.
 */
export function ResetFactors({ user }: { user: { id: number; name: string; hasSecondFactor: number } }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const reset = useMutation(
    trpc.users.resetSecondFactor.mutationOptions({
      onSuccess: () => {
        setAsking(false);
        notify.success(t('users.resetDone'));
        void queryClient.invalidateQueries(trpc.users.pathFilter());
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length) setErrors(fields);
        else notify.failure(t('security.failed'), error);
      },
    }),
  );
  const has = user.hasSecondFactor === 1;
  return (
    <section className="mt-8 max-w-3xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" data-testid="reset-factors">
      <h2 className="font-semibold text-stone-900">{t('users.factorsTitle')}</h2>
      <p className="mt-1 mb-4 text-sm leading-6 text-stone-600">{t(has ? 'users.factorsOn' : 'users.factorsNone')}</p>
      {has ? (
        <Button onClick={() => (setErrors({}), setAsking(true))} className="text-red-800">
          {t('users.resetFactors')}
        </Button>
      ) : null}
      <PasswordDialog
        open={asking}
        title={t('users.resetTitle', { name: user.name })}
        message={t('users.resetMessage')}
        confirmLabel={t('users.resetFactors')}
        busy={reset.isPending}
        error={errors.currentPassword}
        onClose={() => setAsking(false)}
        onConfirm={(currentPassword) => reset.mutate({ id: user.id, currentPassword })}
      />
    </section>
  );
}
