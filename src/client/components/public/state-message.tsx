import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { failureMessage } from '../../lib/failure.ts';
import { useGoBack } from '../../lib/in-app-history.tsx';
import { useLanguage } from '../../lib/use-language.ts';
import type { Language } from '../../../shared/locale.ts';
import { useLanguageHref } from '../layout/language-switcher.tsx';
import { BackIcon } from './icons.tsx';

/** "No news available." and the like: a quiet box rather than an empty page. */
export function EmptyMessage({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-sm border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-700" data-testid="empty-message">
      {children}
    </p>
  );
}

/**
 * A failed load, centred: 'Error: ' and what went wrong in the reader's words (src/client/lib/failure.ts),
 * or a screen's own heading with that sentence under it, and a Try again button.
 */
export function ErrorMessage({ error, onRetry, title }: { error: unknown; onRetry(): void; title?: string }) {
  const { t } = useTranslation();
  const sentence = failureMessage(error, t);
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <h2 className="font-serif text-xl font-bold text-red-900 wrap-anywhere" data-testid="error-message">
        {title ?? t('error') + sentence}
      </h2>
      {title ? <p className="max-w-prose text-stone-700">{sentence}</p> : null}
      <TryAgainButton onClick={onRetry} />
    </div>
  );
}

export function TryAgainButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm border border-plum-700 bg-white px-4 py-2 text-sm font-semibold text-plum-800 hover:bg-plum-50"
      // A button only scripts can answer: pressed on a page whose scripts have not come yet, it fetches them first (src/client/wake.ts).
      data-wake
      data-testid="try-again"
    >
      {t('tryAgain')}
    </button>
  );
}

/**
 * "Back to news" and "Go back": a link to the list in the page's language, so it works without
 * JavaScript; with it, history back when the reader came from that list (`list`) or, without
 * `list`, from any page of this site (her place and page number are kept), else the list.
 */
export function BackLink({ label, fallback, list }: { label: string; fallback: string; list?: boolean }) {
  const { language } = useLanguage();
  const goBack = useGoBack(fallback, list ? fallback : undefined);
  return (
    <a
      href={`${fallback}?lang=${language}`}
      onClick={(event) => {
        // A new tab or window (modifier keys) opens the list as the link says.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        goBack();
      }}
      className="inline-flex items-center gap-2 rounded-sm border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:border-plum-700 hover:text-plum-800"
      data-testid="back-button"
    >
      <BackIcon size={16} />
      {label}
    </a>
  );
}

/** "News not found." with a Go Back button, for any missing item: a dead end always offers a way back. */
export function NotFoundState({ message, fallback }: { message: string; fallback: string }) {
  const { t } = useTranslation('public');
  return (
    <div className="flex min-h-[45vh] flex-col items-center justify-center gap-6 px-4 py-12 text-center" data-testid="not-found">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{message}</h1>
      <BackLink label={t('goBack')} fallback={fallback} />
    </div>
  );
}

/**
 * An item written only in the other language: not a page in this one (404, so search engines keep
 * to the right address), with the way to it. Never the other language's words on this page.
 */
export function NotInLanguage({ other, fallback }: { other: Language; fallback: string }) {
  const { t } = useTranslation('public');
  const hrefFor = useLanguageHref();
  return (
    <div className="flex min-h-[45vh] flex-col items-center justify-center gap-6 px-4 py-12 text-center" data-testid="not-in-language">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{t('detail.notInLanguage')}</h1>
      <p className="max-w-prose text-stone-700">{t('detail.writtenIn', { language: t(`common:languageNames.${other}`) })}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <a
          href={hrefFor(other)}
          lang={other}
          hrefLang={other}
          className="rounded-sm bg-plum-800 px-4 py-2 text-sm font-semibold text-white hover:bg-plum-900"
          data-testid="read-in-other-language"
        >
          {t(`detail.readIn.${other}`)}
        </a>
        <BackLink label={t('goBack')} fallback={fallback} />
      </div>
    </div>
  );
}
