import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { Button } from '../../components/admin/button.tsx';
import { TextField } from '../../components/admin/form-controls.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type RouterOutputs, errorMessageOf, fieldErrorsOf, useTRPC } from '../../lib/trpc.ts';
import { documentTitle } from '../../lib/head.tsx';
import { useLanguage } from '../../lib/use-language.ts';
import { validate } from '../../lib/validate.ts';
import { setupAdminInput } from '../../../shared/schemas/setup.ts';
import { limits } from '../../../shared/limits.ts';

/**
 * /setup?token=…: first run only. Creates the first administrator with the one-time token the
 * server printed, then signs them in. Once an administrator exists the page is gone (login instead).
 */
export function SetupPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const status = useQuery(trpc.setup.status.queryOptions());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const token = params.get('token') ?? '';

  useEffect(() => {
    document.title = documentTitle(t('setup.title'), t('common:siteName'), ' · ');
  }, [t]);

  const create = useMutation(
    trpc.setup.createAdmin.mutationOptions({
      onSuccess: (user) => {
        const me: RouterOutputs['auth']['me'] = { ...user, mustAddSecondFactor: false };
        queryClient.setQueryData(trpc.auth.me.queryKey(), me);
        queryClient.setQueryData(trpc.setup.status.queryKey(), { needed: false });
        navigate('/admin/home', { replace: true });
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    }),
  );

  if (status.isPending) return <Spinner fullScreen />;
  if (!status.data?.needed) return <Redirect to="/login" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(setupAdminInput, { name, email, password, token }, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create.mutate(checked.data);
  };
  const failure = create.isError && !Object.keys(fieldErrorsOf(create.error)).length ? errorMessageOf(create.error, t) : null;

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-plum-50 to-stone-100 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-7 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-xl font-bold text-stone-900">{t('setup.title')}</h1>
        <p className="mt-2 text-sm text-stone-700">{t('setup.intro')}</p>
        {!token ? (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
            {t('setup.noToken')}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
            {failure}
          </p>
        ) : null}
        <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
          <FormErrors errors={errors.token ? { token: errors.token } : {}} labels={{ token: t('setup.token') }} />
          <TextField label={t('setup.name')} value={name} onChange={setName} error={errors.name} required name="name" autoComplete="name" limit={limits.name} />
          <TextField
            label={t('setup.email')}
            type="email"
            dir="ltr"
            value={email}
            onChange={setEmail}
            error={errors.email}
            required
            name="email"
            autoComplete="username"
            limit={limits.email}
          />
          <TextField
            label={t('setup.password')}
            type="password"
            dir="ltr"
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint={t('setup.passwordHint')}
            required
            name="password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="primary" busy={create.isPending} disabled={!token} className="mt-2 w-full py-2.5">
            {t('setup.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
