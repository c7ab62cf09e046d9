import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { ArrowIcon, BackIcon } from './icons.tsx';

/** The same address with another page number (other filters kept); page 1 drops the parameter. */
export function useHrefWith() {
  const [path] = useLocation();
  const search = useSearch();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
}

/** Previous / next links with "Page 2 of 5": real links, so every page has its own address. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const hrefWith = useHrefWith();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  // From a page past the last (an old link after items were removed), Previous leads to the last page.
  const previous = Math.min(page - 1, pages);
  const link =
    'inline-flex items-center gap-2 rounded-sm border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-plum-700 hover:text-plum-800';
  return (
    <nav aria-label={t('pagination.label')} className="mt-12 flex items-center justify-between gap-4 border-t border-stone-200 pt-6" data-testid="pagination">
      {page > 1 ? (
        <Link href={hrefWith({ page: previous > 1 ? String(previous) : null })} className={link} rel="prev">
          <BackIcon size={16} />
          {t('pagination.previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-stone-700" aria-current="page">
        {t('pagination.pageOf', { page: formatNumber(page, language), total: formatNumber(pages, language) })}
      </p>
      {page < pages ? (
        <Link href={hrefWith({ page: String(page + 1) })} className={link} rel="next">
          {t('pagination.next')}
          <ArrowIcon size={16} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
