import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/admin/button.tsx';
import { DeleteButton } from '../../components/admin/item-actions.tsx';
import { TableListPage } from '../../components/admin/table-list-page.tsx';
import { Td } from '../../components/admin/table.tsx';
import { useDeleteWithConfirm } from '../../components/admin/use-delete-with-confirm.tsx';
import { useNotify } from '../../components/admin/use-notify.ts';
import { usePagedList } from '../../components/admin/use-paged-list.ts';
import { downloadText } from '../../lib/download.ts';
import { formatKeptDate } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

/** /admin/newsletter: the subscribers, removal on request, and the whole list as CSV. */
export function NewsletterPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const list = usePagedList((page) => trpc.newsletter.list.queryOptions(page));
  const deletion = useDeleteWithConfirm({ procedure: trpc.newsletter.delete, texts: 'newsletter', section: 'newsletter' });
  const [exporting, setExporting] = useState(false);

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

  return (
    <TableListPage
      list={list}
      title={t('newsletter.title')}
      countKey="newsletter.total"
      actions={
        <Button variant="primary" icon="download" busy={exporting} onClick={() => void exportCsv()} disabled={!list.query.data?.total}>
          {t('newsletter.export')}
        </Button>
      }
      empty={{ icon: 'newsletter', text: t('newsletter.empty') }}
      table={{
        caption: t('newsletter.title'),
        testId: 'subscribers-table',
        columns: [{ label: t('fields.email') }, { label: t('newsletter.subscribedOn'), className: 'hidden sm:table-cell' }],
        actions: true,
      }}
      row={(subscriber) => (
        <tr key={subscriber.id} data-testid="subscriber-row">
          <Td className="font-medium text-stone-900">
            <bdi>{subscriber.email}</bdi>
          </Td>
          <Td className="hidden whitespace-nowrap sm:table-cell">{formatKeptDate(subscriber.createdAt, language)}</Td>
          <Td className="text-end">
            <DeleteButton
              name={subscriber.email}
              busy={deletion.deletingId === subscriber.id}
              onClick={() => deletion.ask({ id: subscriber.id, title: subscriber.email })}
            />
          </Td>
        </tr>
      )}
    />
  );
}
