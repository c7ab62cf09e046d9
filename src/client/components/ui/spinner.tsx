import { useTranslation } from '../../lib/use-translation.ts';

/** A spinner with a visible label; `fullScreen` covers the viewport while a whole page loads. */
export function Spinner({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('loading');
  return (
    <div role="status" aria-live="polite" className={fullScreen ? 'flex min-h-[60vh] flex-col items-center justify-center gap-3' : 'flex items-center justify-center gap-3 py-10'}>
      <span className="size-8 animate-spin rounded-full border-4 border-stone-200 border-t-plum-700 motion-reduce:animate-none" aria-hidden="true" />
      <span className="text-sm font-medium text-stone-600">{text}</span>
    </div>
  );
}
