import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A failed load, centred ('Error: ' plus the message, or a screen's own wording). */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[40vh] items-center justify-center px-4 py-12">
      <h2 className="text-center font-serif text-xl font-bold text-red-900" data-testid="error-message">
        {children}
      </h2>
    </div>
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
