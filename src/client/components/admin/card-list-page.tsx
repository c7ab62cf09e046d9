import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { FeatureFlags } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { canPublish } from '../../../shared/roles.ts';
import { useAdminUser } from './admin-session.tsx';
import { CardList, CardListSkeleton, type CardListItem } from './card-list.tsx';
import type { IconName } from './icons.tsx';
import { AddLink } from './item-actions.tsx';
import { PagedListPage } from './paged-list-page.tsx';
import { useDeleteWithConfirm, type DeleteProcedure } from './use-delete-with-confirm.tsx';
import { usePagedList, type PageOf } from './use-paged-list.ts';
import type { Section } from './use-refresh.ts';

/**
 * The list page of news, articles, reports, gallery and legal items: their count, an add button,
 * the cards with a confirmed Delete, and the pagination. `texts` is the section's key prefix in
 * admin.json (`gallery`, `content.news`), holding listTitle, addTitle, empty and the delete texts.
 * Every card list has the search box: its list procedure takes `q`.
 * The type parameters are inferred from the two procedures a page passes; none is written out.
 */
export function CardListPage<
  TData extends PageOf,
  TError,
  TKey extends QueryKey,
  TOutput,
  TErrorShape,
  TTransformer extends boolean,
  TFlags extends FeatureFlags,
>({
  query,
  remove,
  texts,
  section,
  addHref,
  emptyIcon,
  toItem,
  toolbar,
}: {
  /** The list procedure's options for a page: `(page) => trpc.gallery.list.queryOptions(page)`. */
  query: (input: { page: number; pageSize: number; q?: string }) => UseQueryOptions<TData, TError, TData, TKey>;
  /** The delete procedure: `trpc.gallery.delete`. */
  remove: DeleteProcedure<TOutput, TErrorShape, TTransformer, TFlags>;
  texts: string;
  section: Section;
  addHref: string;
  emptyIcon: IconName;
  toItem(item: TData['items'][number]): CardListItem;
  /** Filters above the cards (editorial lists filter by status). */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const list = usePagedList(query);
  const deletion = useDeleteWithConfirm({ procedure: remove, texts, section });
  const deletes = canPublish(useAdminUser().role);
  return (
    <PagedListPage
      list={list}
      title={t(`${texts}.listTitle`)}
      countKey="list.total"
      actions={<AddLink href={addHref} label={t(`${texts}.addTitle`)} />}
      toolbar={toolbar}
      searchable
      loading={<CardListSkeleton />}
      empty={{ icon: emptyIcon, text: t(`${texts}.empty`) }}
    >
      {(items) => <CardList items={items.map(toItem)} onDelete={deletes ? (item) => deletion.ask(item) : undefined} deletingId={deletion.deletingId} />}
    </PagedListPage>
  );
}
