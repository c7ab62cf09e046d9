import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Spinner } from '../ui/spinner.tsx';
import { buttonClass } from './button.tsx';
import { Icon } from './icons.tsx';
import { LoadError } from './list-states.tsx';

function isNotFound(error: unknown) {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';
}

/**
 * The item an edit page's address names (`/edit/legal/4`). An id that cannot exist (`abc`) is
 * not asked for: `valid` is false and the page says "not found" at once.
 */
export function useItemQuery<TData, TError, TKey extends QueryKey>(
  id: string | undefined,
  options: (id: number) => UseQueryOptions<TData, TError, TData, TKey>,
) {
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const query = useQuery({ ...options(numericId), enabled: valid });
  return { query, valid };
}

/** An edit page's item: a spinner, "not found" with the way back, a load error, or the form. */
export function ItemQueryState<T, E extends { message: string }>({
  query,
  valid,
  back,
  children,
}: {
  query: UseQueryResult<T, E>;
  /** False for an id that cannot exist (/edit/news/abc): not found without asking. */
  valid: boolean;
  /** Where to go back to; `label` is a translation key. */
  back: { href: string; label: string };
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (!valid || (query.isError && isNotFound(query.error))) {
    return (
      <div className="rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-stone-200">
        <p className="text-lg font-semibold text-stone-900">{query.isError ? query.error.message : t('notFound.item')}</p>
        <Link href={back.href} className={`${buttonClass('secondary')} mt-4`}>
          <Icon name="back" className="size-4" />
          {t(back.label)}
        </Link>
      </div>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Spinner />;
  return <>{children(query.data)}</>;
}
