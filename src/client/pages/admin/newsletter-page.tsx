import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/admin/button.tsx';
import { useConfirm } from '../../components/admin/confirm.tsx';
import { DeleteMessage } from '../../components/admin/delete-message.tsx';
import { EmptyState, LoadError } from '../../components/admin/list-states.tsx';
import { PageHeader } from '../../components/admin/page-header.tsx';
import { Pagination } from '../../components/admin/pagination.tsx';
import { Table, Td, Th } from '../../components/admin/table.tsx';
import { ADMIN_PAGE_SIZE, useClampPage, usePageParam } from '../../components/admin/use-list-params.ts';
import { useNotify } from '../../components/admin/use-notify.ts';
import { useRefresh } from '../../components/admin/use-refresh.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadText } from '../../lib/download.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

/** /admin/newsletter: the subscribers, removal on request, and the whole list as CSV. */
export function NewsletterPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...trpc.newsletter.list.queryOptions({ page, pageSize: ADMIN_PAGE_SIZE }), placeholderData: keepPreviousData });
  useClampPage(page, list.data?.total, ADMIN_PAGE_SIZE, setPage);
  const [exporting, setExporting] = useState(false);

  const remove = useMutation(
    trpc.newsletter.delete.mutationOptions({
      onSuccess: () => {
        notify.success(t('newsletter.deleted'));
        void refresh('newsletter');
      },
      onError: (error) => notify.failure(t('newsletter.deleteFailed'), error),
    }),
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      // Always the current list, never a cached copy.
      const file = await queryClient.fetchQuery({ ...trpc.newsletter.exportCsv.queryOptions(), staleTime: 0, gcTime: 0 });
      downloadText(file.filename, file.csv);
      notify.success(t('newsletter.exported'));
    } catch (error) {
      notify.failure(t('newsletter.exportFailed'), error);
    } finally {
      setExporting(false);
    }
  };

  const askDelete = async (id: number, email: string) => {
    if (await confirm({ title: t('newsletter.confirmDelete'), message: <DeleteMessage title={email} /> })) remove.mutate({ id });
  };

  const subscribers = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('newsletter.title')}
        description={list.data ? t('newsletter.total', { count: list.data.total, formatted: formatNumber(list.data.total, language) }) : undefined}
        actions={
          <Button variant="primary" icon="download" busy={exporting} onClick={() => void exportCsv()} disabled={!list.data?.total}>
            {t('newsletter.export')}
          </Button>
        }
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : subscribers.length === 0 ? (
        <EmptyState icon="newsletter" text={t('newsletter.empty')} />
      ) : (
        <Table caption={t('newsletter.title')} testId="subscribers-table">
          <thead>
            <tr>
              <Th>{t('fields.email')}</Th>
              <Th className="hidden sm:table-cell">{t('newsletter.subscribedOn')}</Th>
              <Th>
                <span className="sr-only">{t('list.actions')}</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id} data-testid="subscriber-row">
                <Td className="font-medium text-stone-900">
                  <bdi>{subscriber.email}</bdi>
                </Td>
                <Td className="hidden whitespace-nowrap sm:table-cell">{formatDate(subscriber.createdAt, language)}</Td>
                <Td className="text-end">
                  <Button
                    size="sm"
                    variant="danger-ghost"
                    icon="trash"
                    busy={remove.isPending && remove.variables?.id === subscriber.id}
                    onClick={() => void askDelete(subscriber.id, subscriber.email)}
                    aria-label={`${t('actions.delete')}: ${subscriber.email}`}
                  >
                    {t('actions.delete')}
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data ? <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
    </>
  );
}
