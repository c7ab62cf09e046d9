import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { makePasskey, passkeysSupported } from '../../../lib/passkeys.ts';
import { errorMessageOf, fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { Button } from '../button.tsx';
import { useConfirm } from '../confirm.tsx';
import { TextField } from '../form-controls.tsx';
import { PasswordField } from '../password-field.tsx';
import { useNotify } from '../use-notify.ts';
import { FactorCard, StatusBadge } from './factor-card.tsx';

interface Passkey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Passkeys, recommended: add one (her password first, then the browser makes it), rename, remove. */
export function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const confirm = useConfirm();
  const hydrated = useHydrated();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // Her factors changed: the page, and whether the site still holds her back.
  const refresh = () => void Promise.all([queryClient.invalidateQueries(trpc.account.pathFilter()), queryClient.invalidateQueries(trpc.auth.me.queryFilter())]);
  const options = useMutation(trpc.account.passkeyOptions.mutationOptions());
  const add = useMutation(trpc.account.passkeyAdd.mutationOptions());
  const remove = useMutation(
    trpc.account.passkeyRemove.mutationOptions({
      onSuccess: () => (notify.success(t('security.passkeyRemoved')), refresh()),
      onError: (error) => notify.failure(t('security.failed'), error),
    }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    try {
      const made = await makePasskey(await options.mutateAsync({ currentPassword: password }));
      if (!made) return setProblem(t('security.passkeyCancelled'));
      await add.mutateAsync({ name: name.trim() || t('security.passkeyDefaultName'), response: { ...made } });
      setAdding(false);
      setName('');
      setPassword('');
      notify.success(t('security.passkeyAdded'));
      refresh();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) setErrors(fields);
      else setProblem(errorMessageOf(error, t));
    }
  };

  const askRemove = async (key: Passkey) => {
    const ok = await confirm({
      title: t('security.passkeyRemoveTitle'),
      message: t('security.passkeyRemoveMessage', { name: key.name }),
      confirmLabel: t('security.passkeyRemove'),
    });
    if (ok) remove.mutate({ id: key.id });
  };

  const supported = hydrated && passkeysSupported();
  return (
    <FactorCard
      icon="key"
      title={t('security.passkeysTitle')}
      description={t('security.passkeysWhy')}
      badge={<StatusBadge on={passkeys.length > 0} label={t('security.recommended')} />}
      testId="passkeys-section"
    >
      {passkeys.length ? (
        <ul className="mb-4 divide-y divide-stone-100 rounded-lg ring-1 ring-stone-200">
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="passkey">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-stone-900">
                  <bdi>{key.name}</bdi>
                </span>
                <span className="block text-sm text-stone-600">
                  {t('security.passkeyAddedOn', { date: formatDateTime(key.createdAt, language) })}
                  {' · '}
                  {key.lastUsedAt ? t('security.passkeyLastUsed', { date: formatDateTime(key.lastUsedAt, language) }) : t('security.passkeyNeverUsed')}
                </span>
              </span>
              <Button size="sm" onClick={() => void askRemove(key)} disabled={remove.isPending} className="text-red-800">
                {t('security.passkeyRemove')}
                <span className="sr-only">: {key.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {!supported ? (
        <p className="text-sm text-stone-600">{t('security.passkeysUnsupported')}</p>
      ) : adding ? (
        <form onSubmit={(event) => void submit(event)} noValidate className="grid max-w-md gap-4" data-testid="passkey-form">
          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
              {problem}
            </p>
          ) : null}
          <TextField
            label={t('security.passkeyName')}
            hint={t('security.passkeyNameHint')}
            value={name}
            onChange={setName}
            error={errors.name}
            name="passkey-name"
            limit={60}
          />
          <PasswordField current label={t('security.currentPassword')} value={password} onChange={setPassword} error={errors.currentPassword} required />
          <div className="flex gap-2">
            <Button type="submit" variant="primary" busy={options.isPending || add.isPending}>
              {t('security.passkeyCreate')}
            </Button>
            <Button onClick={() => setAdding(false)}>{t('actions.cancel')}</Button>
          </div>
        </form>
      ) : (
        <Button variant="primary" icon="plus" onClick={() => setAdding(true)} data-testid="passkey-add">
          {t('security.passkeyAdd')}
        </Button>
      )}
    </FactorCard>
  );
}
