import { useTranslation } from '../../lib/use-translation.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { Button } from './button.tsx';
import { Icon } from './icons.tsx';

/** Previous / page x of y / next; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage(page: number): void }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-6 flex items-center justify-between gap-3">
      <Button size="sm" icon="back" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <p className="text-sm text-stone-600" aria-live="polite">
        {t('pagination.status', { page: formatNumber(page, language), pages: formatNumber(pages, language) })}
      </p>
      <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <Icon name="next" className="size-4" />
      </Button>
    </nav>
  );
}
