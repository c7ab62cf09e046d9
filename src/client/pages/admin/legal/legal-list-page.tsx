import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/admin/button.tsx';
import { CardList, CardListSkeleton, type CardListItem } from '../../../components/admin/card-list.tsx';
import { useConfirm } from '../../../components/admin/confirm.tsx';
import { DeleteMessage } from '../../../components/admin/delete-message.tsx';
import { Icon } from '../../../components/admin/icons.tsx';
import { EmptyState, LoadError } from '../../../components/admin/list-states.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { Pagination } from '../../../components/admin/pagination.tsx';
import { ADMIN_PAGE_SIZE, useClampPage, usePageParam } from '../../../components/admin/use-list-params.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** /admin/legal/all. */
export function LegalListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...trpc.legal.list.queryOptions({ page, pageSize: ADMIN_PAGE_SIZE }), placeholderData: keepPreviousData });
  useClampPage(page, list.data?.total, ADMIN_PAGE_SIZE, setPage);

  const remove = useMutation(
    trpc.legal.delete.mutationOptions({
      onSuccess: () => {
        notify.success(t('legal.deleted'));
        void refresh('legal');
      },
      onError: (error) => notify.failure(t('legal.deleteFailed'), error),
    }),
  );

  const askDelete = async (item: CardListItem) => {
    // SPEC §5 words this confirmation exactly.
    if (await confirm({ title: t('legal.confirmDelete'), message: <DeleteMessage title={item.title} /> })) remove.mutate({ id: item.id });
  };

  const items: CardListItem[] = (list.data?.items ?? []).map((item) => ({
    id: item.id,
    title: language === 'fa' ? item.titleFa : item.titleEn,
    description: language === 'fa' ? item.descriptionFa : item.descriptionEn,
    imagePath: item.mediaKind === 'image' ? item.media : null,
    placeholder: item.mediaKind === 'video' || item.videoLink ? 'video' : 'image',
    date: item.createdAt,
    editHref: `/edit/legal/${item.id}`,
    viewHref: `/legal/${item.id}`,
    badge: item.mediaKind === 'video' || (!item.media && item.videoLink) ? t('gallery.kinds.video') : undefined,
  }));

  return (
    <>
      <PageHeader
        title={t('legal.listTitle')}
        description={list.data ? t('list.total', { count: list.data.total, formatted: formatNumber(list.data.total, language) }) : undefined}
        actions={
          <Link href="/legal/add" className={buttonClass('primary')}>
            <Icon name="plus" className="size-4" />
            {t('legal.addTitle')}
          </Link>
        }
      />
      {list.isPending ? (
        <CardListSkeleton />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon="legal" text={t('legal.empty')} />
      ) : (
        <CardList items={items} onDelete={(item) => void askDelete(item)} deletingId={remove.isPending ? Number(remove.variables?.id) : null} />
      )}
      {list.data ? <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
    </>
  );
}
