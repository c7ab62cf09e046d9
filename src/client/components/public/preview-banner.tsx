import { useTranslation } from '../../lib/use-translation.ts';

/** Marks a preview: readers cannot see the page until the item is published. */
export function PreviewBanner() {
  const { t } = useTranslation('public');
  return (
    <p role="status" className="bg-amber-100 px-4 py-3 text-center text-sm font-semibold text-amber-950" data-testid="preview-banner">
      {t('preview.notice')}
    </p>
  );
}
