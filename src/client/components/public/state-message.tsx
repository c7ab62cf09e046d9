import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failure.ts';
import { useGoBack } from '../../lib/in-app-history.tsx';
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
      data-testid="try-again"
    >
      {t('tryAgain')}
    </button>
  );
}

export function BackButton({ label, fallback }: { label: string; fallback: string }) {
  const goBack = useGoBack(fallback);
  return (
    <button
      type="button"
      onClick={goBack}
      className="inline-flex items-center gap-2 rounded-sm border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:border-plum-700 hover:text-plum-800"
      data-testid="back-button"
    >
      <BackIcon size={16} />
      {label}
    </button>
  );
}

/** "News not found." with a Go Back button, for any missing item: a dead end always offers a way back. */
export function NotFoundState({ message, fallback }: { message: string; fallback: string }) {
  const { t } = useTranslation('public');
  return (
    <div className="flex min-h-[45vh] flex-col items-center justify-center gap-6 px-4 py-12 text-center" data-testid="not-found">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{message}</h1>
      <BackButton label={t('goBack')} fallback={fallback} />
    </div>
  );
}
