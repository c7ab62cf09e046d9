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
import { storageUrl } from '../../../../shared/image-url.ts';

/** /admin/gallery/all: images and videos, with Delete only (SPEC §2). */
export function GalleryListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...trpc.gallery.list.queryOptions({ page, pageSize: ADMIN_PAGE_SIZE }), placeholderData: keepPreviousData });
  useClampPage(page, list.data?.total, ADMIN_PAGE_SIZE, setPage);

  const remove = useMutation(
    trpc.gallery.delete.mutationOptions({
      onSuccess: () => {
        notify.success(t('gallery.deleted'));
        void refresh('gallery');
      },
      onError: (error) => notify.failure(t('gallery.deleteFailed'), error),
    }),
  );

  const askDelete = async (item: CardListItem) => {
    if (await confirm({ title: t('gallery.confirmDelete'), message: <DeleteMessage title={item.title} /> })) remove.mutate({ id: item.id });
  };

  const items: CardListItem[] = (list.data?.items ?? []).map((item) => {
    const imageUrl = storageUrl(item.image);
    return {
      id: item.id,
      title: item.name,
      imagePath: imageUrl ? item.image : null,
      placeholder: 'video',
      date: item.createdAt,
      viewHref: imageUrl ?? item.videoLink ?? undefined,
      badge: imageUrl ? t('gallery.kinds.image') : t('gallery.kinds.video'),
    };
  });

  return (
    <>
      <PageHeader
        title={t('gallery.listTitle')}
        description={list.data ? t('list.total', { count: list.data.total, formatted: formatNumber(list.data.total, language) }) : undefined}
        actions={
          <Link href="/gallery/add" className={buttonClass('primary')}>
            <Icon name="plus" className="size-4" />
            {t('gallery.addTitle')}
          </Link>
        }
      />
      {list.isPending ? (
        <CardListSkeleton />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon="gallery" text={t('gallery.empty')} />
      ) : (
        <CardList items={items} onDelete={(item) => void askDelete(item)} deletingId={remove.isPending ? Number(remove.variables?.id) : null} />
      )}
      {list.data ? <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
    </>
  );
}
