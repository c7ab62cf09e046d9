import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { safeNext } from '../../components/admin/admin-session.tsx';
import { Button } from '../../components/admin/button.tsx';
import { TextField } from '../../components/admin/form-controls.tsx';
import { PasskeySignIn } from '../../components/admin/sign-in/passkey-sign-in.tsx';
import { SignInAlert, SignInShell } from '../../components/admin/sign-in/sign-in-shell.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useHead } from '../../lib/head.tsx';
import { errorMessageOf, fieldErrorsOf, useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { validate } from '../../lib/validate.ts';
import { secondStepInput } from '../../../shared/schemas/account.ts';

/**
 * /login/two-factor: the password was right and the account has a second factor. A code from the
 * authenticator app or a recovery code (one field takes both), or the account's passkey.
 */
export function TwoFactorPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const pending = useQuery({ ...trpc.auth.pendingSignIn.queryOptions(), staleTime: 0 });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useHead({ title: t('secondStep.title') });

  const step = useMutation(
    trpc.auth.secondStep.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        navigate(next, { replace: true });
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setCode('');
      },
    }),
  );

  if (pending.isPending) return <Spinner fullScreen />;
  if (!pending.data && !step.isSuccess) return <Redirect to={`/login?${new URLSearchParams({ next, expired: '1' }).toString()}`} replace />;
  const methods = pending.data?.methods ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(secondStepInput, { code }, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    step.mutate(checked.data);
  };
  const failure = step.isError && !Object.keys(fieldErrorsOf(step.error)).length ? errorMessageOf(step.error, t) : null;

  return (
    <SignInShell title={t('secondStep.title')}>
      <p className="mb-5 text-sm leading-6 text-stone-700">{t(methods.includes('totp') ? 'secondStep.introCode' : 'secondStep.introPasskey')}</p>
      {failure ? <SignInAlert testId="second-step-error">{failure}</SignInAlert> : null}
      {methods.includes('totp') ? (
        <form method="post" noValidate onSubmit={submit} className="grid gap-4">
          <TextField
            label={t('secondStep.code')}
            hint={t('secondStep.codeHint')}
            autoComplete="one-time-code"
            dir="ltr"
            value={code}
            onChange={setCode}
            error={errors.code}
            required
            name="code"
          />
          <Button type="submit" variant="primary" busy={step.isPending} className="w-full py-2.5">
            {t('secondStep.submit')}
          </Button>
        </form>
      ) : null}
      {methods.includes('passkey') ? <PasskeySignIn next={next} label={t('secondStep.usePasskey')} divider={methods.includes('totp')} /> : null}
      <p className="mt-5 text-center text-sm">
        <a href="/login" className="font-medium text-plum-700 hover:underline">
          {t('secondStep.startAgain')}
        </a>
      </p>
    </SignInShell>
  );
}
