import type { ReactNode } from 'react';
import { PagedListPage, type PagedListPageProps } from './paged-list-page.tsx';
import { DataTable, type Column } from './table.tsx';

/**
 * A list page whose items are table rows (users, subscribers, contact messages, the activity log):
 * the frame of every list page around one table.
 */
export function TableListPage<TItem>({
  table,
  row,
  ...page
}: Omit<PagedListPageProps<TItem>, 'children'> & {
  table: { caption: string; testId: string; columns: Column[]; actions?: boolean };
  /** One `<tr>` with its key. */
  row(item: TItem): ReactNode;
}) {
  return <PagedListPage {...page}>{(items) => <DataTable {...table} items={items} row={row} />}</PagedListPage>;
}
