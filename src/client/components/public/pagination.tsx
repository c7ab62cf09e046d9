import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';
import { Link } from './link.tsx';
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

type StepRenderer = (page: number, rel: 'prev' | 'next', className: string, children: ReactNode) => ReactNode;

/** Previous and next around "Page 2 of 5"; `step` draws each as a link or a button. */
export function Pager({ page, total, pageSize, step }: { page: number; total: number; pageSize: number; step: StepRenderer }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  // From a page past the last (an old link after items were removed), Previous leads to the last page.
  const previous = Math.min(page - 1, pages);
  const look =
    'inline-flex items-center gap-2 rounded-sm border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-plum-700 hover:text-plum-800';
  return (
    <nav aria-label={t('pagination.label')} className="mt-12 flex items-center justify-between gap-4 border-t border-stone-200 pt-6" data-testid="pagination">
      {page > 1 ? (
        step(
          previous,
          'prev',
          look,
          <>
            <BackIcon size={16} />
            {t('pagination.previous')}
          </>,
        )
      ) : (
        <span />
      )}
      <p className="text-sm text-stone-700" aria-current="page">
        {t('pagination.pageOf', { page: formatNumber(page, language), total: formatNumber(pages, language) })}
      </p>
      {page < pages ? (
        step(
          page + 1,
          'next',
          look,
          <>
            {t('pagination.next')}
            <ArrowIcon size={16} />
          </>,
        )
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Previous / next links: real links, so every page has its own address. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const hrefWith = useHrefWith();
  return (
    <Pager
      page={page}
      total={total}
      pageSize={pageSize}
      step={(to, rel, className, children) => (
        <Link href={hrefWith({ page: to > 1 ? String(to) : null })} className={className} rel={rel}>
          {children}
        </Link>
      )}
    />
  );
}
