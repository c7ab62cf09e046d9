import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import { Button } from '../button.tsx';
import { TextField } from '../form-controls.tsx';
import { useNotify } from '../use-notify.ts';
import { limits } from '../../../../shared/limits.ts';

/**
 * The names readers see under her work, per language: a pen name if she wishes. Empty in a language:
 * her items carry the newsroom's name there. Her account name is never shown unless she types it.
 */
export function PublicNamesSection() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const names = useQuery(trpc.account.publicNames.queryOptions());
  return (
    <section aria-labelledby="account-byline" className="mb-10 max-w-3xl">
      <h2 id="account-byline" className="mb-1 text-lg font-semibold text-stone-900">
        {t('byline.title')}
      </h2>
      <p className="mb-4 text-sm leading-6 text-stone-600">{t('byline.intro')}</p>
      {/* The fields appear with the saved names in them: a name typed while they were still loading
          would otherwise be replaced by the saved one as it arrived, and then saved over. */}
      {names.data ? <PublicNamesForm saved={names.data} /> : <div className="h-40 animate-pulse rounded-xl bg-stone-100" aria-busy="true" />}
    </section>
  );
}

type PublicNames = { publicNameEn: string | null; publicNameFa: string | null };

function PublicNamesForm({ saved }: { saved: PublicNames }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [en, setEn] = useState(saved.publicNameEn ?? '');
  const [fa, setFa] = useState(saved.publicNameFa ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useMutation(
    trpc.account.setPublicNames.mutationOptions({
      onSuccess: (stored) => {
        setErrors({});
        queryClient.setQueryData(trpc.account.publicNames.queryKey(), stored);
        notify.success(t('byline.saved'));
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ publicNameEn: en, publicNameFa: fa });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2" data-testid="public-names">
      <TextField label={t('byline.nameEn')} dir="ltr" value={en} onChange={setEn} error={errors.publicNameEn} name="publicNameEn" limit={limits.name} />
      <TextField label={t('byline.nameFa')} dir="rtl" value={fa} onChange={setFa} error={errors.publicNameFa} name="publicNameFa" limit={limits.name} />
      <div className="sm:col-span-2">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t('byline.save')}
        </Button>
      </div>
    </form>
  );
}
