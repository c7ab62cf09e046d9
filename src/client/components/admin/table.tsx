import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFocusEditedItem } from './return-to-item.ts';

/** A white card holding a table that scrolls sideways on narrow screens instead of squeezing. */
export function Table({ children, caption, testId }: { children: ReactNode; caption: string; testId?: string }) {
  return (
    // `relative` keeps absolutely positioned descendants (screen-reader-only labels) inside the scroller,
    // or in right-to-left pages they widen the whole page.
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      <table className="min-w-full divide-y divide-stone-200 text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function Th({ className = '', ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={`bg-stone-50 px-4 py-3 text-start text-xs font-semibold tracking-wide whitespace-nowrap text-stone-600 uppercase ${className}`}
      {...rest}
    />
  );
}

export function Td({ className = '', ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-4 py-3 align-middle text-stone-700 ${className}`} {...rest} />;
}

export interface Column {
  label: string;
  /** Narrow screens hide the less important columns (`hidden md:table-cell`). */
  className?: string;
}

/**
 * A list as a table: the header row from `columns` (and an unlabelled-looking actions column for
 * screen readers when `actions` is set), then one `<tr>` per item from `row`.
 */
export function DataTable<TItem>({
  caption,
  testId,
  columns,
  actions = false,
  items,
  row,
}: {
  caption: string;
  testId: string;
  columns: Column[];
  actions?: boolean;
  items: TItem[];
  row(item: TItem): ReactNode;
}) {
  const { t } = useTranslation('admin');
  useFocusEditedItem(items.length > 0);
  return (
    <Table caption={caption} testId={testId}>
      <thead>
        <tr>
          {columns.map((column) => (
            <Th key={column.label} className={column.className}>
              {column.label}
            </Th>
          ))}
          {actions ? (
            <Th>
              <span className="sr-only">{t('list.actions')}</span>
            </Th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">{items.map(row)}</tbody>
    </Table>
  );
}
