import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/admin/button.tsx';
import { CardList, CardListSkeleton, type CardListItem } from '../../../components/admin/card-list.tsx';
import { useConfirm } from '../../../components/admin/confirm.tsx';
import { contentKinds, useContentApi } from '../../../components/admin/content-kinds.ts';
import { DeleteMessage } from '../../../components/admin/delete-message.tsx';
import { Icon } from '../../../components/admin/icons.tsx';
import { EmptyState, LoadError } from '../../../components/admin/list-states.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { Pagination } from '../../../components/admin/pagination.tsx';
import { ADMIN_PAGE_SIZE, useClampPage, usePageParam } from '../../../components/admin/use-list-params.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import type { ContentKind } from '../../../../shared/schemas/content.ts';

/** /admin/news|articles|reports/all: the cards, newest first, with Edit and Delete. */
export function ContentListPage({ kind }: { kind: ContentKind }) {
  const config = contentKinds[kind];
  const texts = `content.${config.texts}` as const;
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(kind);
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...api.list.queryOptions({ page, pageSize: ADMIN_PAGE_SIZE }), placeholderData: keepPreviousData });
  useClampPage(page, list.data?.total, ADMIN_PAGE_SIZE, setPage);

  const remove = useMutation(
    api.delete.mutationOptions({
      onSuccess: () => {
        notify.success(t(`${texts}.deleted`));
        void refresh(config.router);
      },
      onError: (error) => notify.failure(t(`${texts}.deleteFailed`), error),
    }),
  );

  const askDelete = async (item: CardListItem) => {
    const ok = await confirm({ title: t(`${texts}.confirmDelete`), message: <DeleteMessage title={item.title} /> });
    if (ok) remove.mutate({ id: item.id });
  };

  const items: CardListItem[] = (list.data?.items ?? []).map((item) => ({
    id: item.id,
    title: language === 'fa' ? item.titleFa : item.titleEn,
    description: language === 'fa' ? item.descriptionFa : item.descriptionEn,
    imagePath: item.image,
    date: item.createdAt,
    editHref: config.editPath(item.id),
    viewHref: config.publicPath(item.id),
    badge: item.category ? t(`categories.${item.category}`) : undefined,
  }));

  return (
    <>
      <PageHeader
        title={t(`${texts}.listTitle`)}
        description={list.data ? t('list.total', { count: list.data.total, formatted: formatNumber(list.data.total, language) }) : undefined}
        actions={
          <Link href={config.addPath} className={buttonClass('primary')}>
            <Icon name="plus" className="size-4" />
            {t(`${texts}.addTitle`)}
          </Link>
        }
      />
      {list.isPending ? (
        <CardListSkeleton />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={kind === 'news' ? 'news' : kind} text={t(`${texts}.empty`)} />
      ) : (
        <CardList items={items} onDelete={(item) => void askDelete(item)} deletingId={remove.isPending ? Number(remove.variables?.id) : null} />
      )}
      {list.data ? <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
    </>
  );
}
