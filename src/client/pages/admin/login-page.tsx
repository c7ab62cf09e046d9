import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { safeNext } from '../../components/admin/admin-session.tsx';
import { Button } from '../../components/admin/button.tsx';
import { PasskeySignIn } from '../../components/admin/sign-in/passkey-sign-in.tsx';
import { SignInAlert, SignInShell } from '../../components/admin/sign-in/sign-in-shell.tsx';
import { TextField } from '../../components/admin/form-controls.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useHead } from '../../lib/head.tsx';
import { errorMessageOf, fieldErrorsOf, useTRPC } from '../../lib/trpc.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ensureXsrfCookie } from '../../lib/xsrf.ts';
import enAdmin from '../../locales/en/admin.json' with { type: 'json' };
import faAdmin from '../../locales/fa/admin.json' with { type: 'json' };
import { useLanguage } from '../../lib/use-language.ts';
import { validate } from '../../lib/validate.ts';
import { loginInput } from '../../../shared/schemas/users.ts';
import { limits } from '../../../shared/limits.ts';

/** /login: e-mail and password; the server's message on failure; back to where the editor was going. */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const me = useQuery(trpc.auth.me.queryOptions());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  // Rendered on the server too; until the scripts run the form cannot sign in, so it cannot be sent.
  const hydrated = useHydrated();
  useHead({ title: t('login.title') });

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (answer) => {
        // A second factor is due: no session yet, the next screen asks for it.
        if ('status' in answer) return navigate(`/login/two-factor?${new URLSearchParams({ next }).toString()}`);
        queryClient.setQueryData(trpc.auth.me.queryKey(), answer);
        navigate(next, { replace: true });
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    }),
  );

  if (me.isPending) return <Spinner fullScreen />;
  if (me.data) return <Redirect to={next} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the fields hold, including anything typed before the scripts arrived.
    const typed = new FormData(event.currentTarget);
    const checked = validate(loginInput, { email: typed.get('email') ?? email, password: typed.get('password') ?? password }, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    // A stale session cookie makes the server ask for the anti-forgery header even on sign-in.
    await ensureXsrfCookie();
    login.mutate(checked.data);
  };

  const failure = login.isError && !Object.keys(fieldErrorsOf(login.error)).length ? errorMessageOf(login.error, t) : null;

  return (
    <SignInShell title={t('login.title')}>
      {params.get('expired') ? (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
          {t('login.expired')}
        </p>
      ) : null}
      {failure ? <SignInAlert testId="login-error">{failure}</SignInAlert> : null}
      <noscript>
        <div role="alert" className="mb-4 space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="login-noscript">
          <p lang="en" dir="ltr">
            {enAdmin.login.needsJavaScript}
          </p>
          <p lang="fa" dir="rtl">
            {faAdmin.login.needsJavaScript}
          </p>
        </div>
      </noscript>
      {/* method="post": even a form sent before the scripts arrive never puts a password in the address. */}
      <form method="post" action="/login" noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          dir="ltr"
          value={email}
          onChange={setEmail}
          error={errors.email}
          required
          name="email"
          limit={limits.email}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          dir="ltr"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
          name="password"
          limit={limits.password}
        />
        <Button type="submit" variant="primary" busy={login.isPending} disabled={!hydrated} className="mt-2 w-full py-2.5">
          {t('login.submit')}
        </Button>
      </form>
      <PasskeySignIn next={next} />
    </SignInShell>
  );
}
