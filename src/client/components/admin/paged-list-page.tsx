import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { Spinner } from '../ui/spinner.tsx';
import { IsolatedIn } from '../ui/isolated-in.tsx';
import type { IconName } from './icons.tsx';
import { ListSearch } from './list-search.tsx';
import { EmptyState, LoadError } from './list-states.tsx';
import { PageHeader } from './page-header.tsx';
import { Pagination } from './pagination.tsx';
import type { PageOf, PagedList } from './use-paged-list.ts';

export interface PagedListPageProps<TItem> {
  list: PagedList<PageOf<TItem>>;
  title: string;
  /** Shown under the title; with `countKey`, only until the count is known. */
  description?: ReactNode;
  /** A translation key taking `count` and `formatted`: "12 items" in the editor's digits. */
  countKey?: string;
  actions?: ReactNode;
  /** Between the header and the list (filter tabs); hidden while searching, which spans every status. */
  toolbar?: ReactNode;
  /** Shows the search box; the list's procedure takes `q` and answers the matching items. */
  searchable?: boolean;
  /** The search box's label and placeholder, where the list's own words fit better than "titles and text". */
  searchTexts?: { label: string; placeholder: string };
  /** A few words about the list, between the header and the search box. */
  intro?: ReactNode;
  /** While the first page loads: a spinner unless the list has a skeleton of its own. */
  loading?: ReactNode;
  empty: { icon: IconName; text: string };
  children(items: TItem[]): ReactNode;
  /** After the pagination (the dialog that opens an item). */
  after?: ReactNode;
}

/**
 * Every admin list page has the same frame: the header, then loading, a load error with a retry,
 * an empty state or the items, then the pagination. Keeping it in one place keeps the states alike.
 */
export function PagedListPage<TItem>({
  list,
  title,
  description,
  countKey,
  actions,
  toolbar,
  searchable,
  searchTexts,
  intro,
  loading,
  empty,
  children,
  after,
}: PagedListPageProps<TItem>) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const { query, page, pageSize, setPage } = list;
  const searching = Boolean(searchable && list.q);
  const total = query.data?.total;
  const counted = searching ? 'listSearch.results' : countKey;
  const items = query.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={title}
        description={counted && total !== undefined ? t(counted, { count: total, formatted: formatNumber(total, language) }) : description}
        actions={actions}
      />
      {intro ? <p className="-mt-3 mb-5 max-w-3xl text-sm text-stone-600">{intro}</p> : null}
      {searchable ? <ListSearch q={list.q} onSearch={list.setQ} label={searchTexts?.label} placeholder={searchTexts?.placeholder} /> : null}
      {searching ? null : toolbar}
      {query.isPending ? (
        (loading ?? <Spinner />)
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={searching ? 'search' : empty.icon}
          text={searching ? <IsolatedIn sentence={(q) => t('listSearch.none', { q })} value={list.q} /> : empty.text}
        />
      ) : (
        children(items)
      )}
      {total !== undefined ? <Pagination page={page} pageSize={pageSize} total={total} onPage={setPage} /> : null}
      {after}
    </>
  );
}
