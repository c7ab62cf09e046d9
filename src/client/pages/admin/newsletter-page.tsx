import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../components/admin/button.tsx';
import { Icon } from '../../components/admin/icons.tsx';
import { DeleteButton } from '../../components/admin/item-actions.tsx';
import { MailNotConfigured } from '../../components/admin/newsletter/mail-not-configured.tsx';
import { TableListPage } from '../../components/admin/table-list-page.tsx';
import { Td } from '../../components/admin/table.tsx';
import { useDeleteWithConfirm } from '../../components/admin/use-delete-with-confirm.tsx';
import { useNotify } from '../../components/admin/use-notify.ts';
import { usePagedList } from '../../components/admin/use-paged-list.ts';
import { downloadText } from '../../lib/download.ts';
import { formatKeptDate } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

const stateStyles = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  unsubscribed: 'bg-stone-100 text-stone-700 ring-stone-200',
  bounced: 'bg-red-50 text-red-900 ring-red-200',
} as const;

/** /admin/newsletter: the subscribers, removal on request, and the whole list as CSV; the editions are at /admin/newsletters. */
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
        <>
          <Link href="/newsletters" className={buttonClass('secondary')}>
            <Icon name="newsletter" className="size-4" />
            {t('newsletters.editions')}
          </Link>
          <Button variant="primary" icon="download" busy={exporting} onClick={() => void exportCsv()} disabled={!list.query.data?.total}>
            {t('newsletter.export')}
          </Button>
        </>
      }
      toolbar={<MailNotConfigured />}
      empty={{ icon: 'newsletter', text: t('newsletter.empty') }}
      table={{
        caption: t('newsletter.title'),
        testId: 'subscribers-table',
        columns: [
          { label: t('fields.email') },
          { label: t('newsletter.stateColumn') },
          { label: t('newsletter.languageColumn'), className: 'hidden sm:table-cell' },
          { label: t('newsletter.subscribedOn'), className: 'hidden sm:table-cell' },
        ],
        actions: true,
      }}
      row={(subscriber) => (
        <tr key={subscriber.id} data-testid="subscriber-row">
          <Td className="font-medium text-stone-900">
            {subscriber.email ? <bdi>{subscriber.email}</bdi> : <span className="font-normal text-stone-500 italic">{t('newsletter.erased')}</span>}
          </Td>
          <Td>
            <span
              data-testid="subscriber-state"
              data-state={subscriber.state}
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${stateStyles[subscriber.state]}`}
            >
              {t(`newsletter.states.${subscriber.state}`)}
            </span>
          </Td>
          <Td className="hidden sm:table-cell">{t(`newsletter.languages.${subscriber.language}`)}</Td>
          <Td className="hidden whitespace-nowrap sm:table-cell">{formatKeptDate(subscriber.createdAt, language)}</Td>
          <Td className="text-end">
            <DeleteButton
              name={subscriber.email ?? t('newsletter.erased')}
              busy={deletion.deletingId === subscriber.id}
              onClick={() => deletion.ask({ id: subscriber.id, title: subscriber.email ?? t('newsletter.erased') })}
            />
          </Td>
        </tr>
      )}
    />
  );
}
