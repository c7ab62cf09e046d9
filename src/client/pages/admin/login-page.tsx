import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { safeNext } from '../../components/admin/admin-session.tsx';
import { Button } from '../../components/admin/button.tsx';
import { useLanguageHref } from '../../components/layout/language-switcher.tsx';
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
  const { language, setLanguage } = useLanguage();
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
  const languageHref = useLanguageHref();
  useHead({ title: t('login.title') });

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
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
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-plum-50 to-stone-100 px-4 py-10">
      <div className="mb-6 flex gap-1 self-center rounded-lg bg-white/80 p-1 shadow-sm ring-1 ring-stone-200" role="group" aria-label={t('nav.language')}>
        {(['en', 'fa'] as const).map((code) => (
          // Links, so the switch works before (or without) scripts: the server renders ?lang= and remembers it.
          <a
            key={code}
            href={languageHref(code)}
            lang={code}
            hrefLang={code}
            onClick={(event) => {
              event.preventDefault();
              setLanguage(code);
            }}
            aria-current={language === code ? 'true' : undefined}
            aria-label={t('common:languages.switchTo', { language: t(`common:languageNames.${code}`) })}
            className={`rounded-md px-3 py-1 text-sm font-semibold ${language === code ? 'bg-plum-700 text-white' : 'text-stone-600 hover:bg-stone-100'}`}
          >
            {t(`common:languages.${code}`)}
          </a>
        ))}
      </div>
      <div className="w-full max-w-sm rounded-2xl bg-white p-7 shadow-lg ring-1 ring-stone-200 sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 grid size-12 place-items-center rounded-xl bg-plum-700 text-lg font-bold text-white" aria-hidden="true">
            {t('panelMonogram')}
          </span>
          <h1 className="text-xl font-bold text-stone-900">{t('login.title')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('common:siteName')}</p>
        </div>
        {params.get('expired') ? (
          <p role="status" className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
            {t('login.expired')}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ring-1 ring-red-200" data-testid="login-error">
            {failure}
          </p>
        ) : null}
        <noscript>
          <div
            role="alert"
            className="mb-4 space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
            data-testid="login-noscript"
          >
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
      </div>
      <a href="/" className="mt-6 text-sm font-medium text-plum-700 hover:underline">
        {t('login.backToSite')}
      </a>
    </main>
  );
}
