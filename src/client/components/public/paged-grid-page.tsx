import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Spinner } from '../ui/spinner.tsx';
import { PageFrame, PageHeading } from './page-heading.tsx';
import { Pagination } from './pagination.tsx';
import { EmptyMessage, ErrorMessage } from './state-message.tsx';

interface PagedGridPageProps<Item extends { id: number }> {
  /** The section of the public texts (`gallery`, `legal`) that holds the page's title, intro, error and empty sentences. */
  section: 'gallery' | 'legal';
  /** The page's list query; the previous page stays while the next loads. */
  query: { error: unknown; data?: { items: Item[]; total: number }; refetch(): unknown };
  page: number;
  pageSize: number;
  gridClassName: string;
  renderItem(item: Item): ReactNode;
}

/** A public page of items in a grid: heading, the items of the page asked for (or why there are none), and the page links. */
export function PagedGridPage<Item extends { id: number }>({ section, query, page, pageSize, gridClassName, renderItem }: PagedGridPageProps<Item>) {
  const { t } = useTranslation('public');
  useDocumentTitle(t(`${section}.title`));

  let body;
  if (query.error) body = <ErrorMessage title={t(`${section}.error`)} error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Spinner />;
  else if (!query.data.items.length) body = <EmptyMessage>{t(`${section}.empty`)}</EmptyMessage>;
  else
    body = (
      <>
        <ul className={gridClassName}>
          {query.data.items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
        <Pagination page={page} total={query.data.total} pageSize={pageSize} />
      </>
    );

  return (
    <PageFrame>
      <PageHeading title={t(`${section}.title`)} intro={t(`${section}.intro`)} />
      {body}
    </PageFrame>
  );
}
