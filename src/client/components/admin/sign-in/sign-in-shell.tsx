import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageHref } from '../../layout/language-switcher.tsx';
import { useLanguage } from '../../../lib/use-language.ts';

/** The frame of the sign-in screens: the language switch, a card with the panel's mark and title, the way back to the site. */
export function SignInShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { language, setLanguage } = useLanguage();
  const languageHref = useLanguageHref();
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
            aria-label={t('common:languages.switchTo', { shown: t(`common:languages.${code}`), language: t(`common:languageNames.${code}`) })}
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
          <h1 className="text-xl font-bold text-stone-900">{title}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('common:siteName')}</p>
        </div>
        {children}
      </div>
      <a href="/" className="mt-6 text-sm font-medium text-plum-700 hover:underline">
        {t('login.backToSite')}
      </a>
    </main>
  );
}

/** A sign-in screen's refusal, read out when it appears. */
export function SignInAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ring-1 ring-red-200" data-testid={testId}>
      {children}
    </p>
  );
}
