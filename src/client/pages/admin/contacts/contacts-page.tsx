import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/admin/button.tsx';
import { FilterTabs } from '../../../components/admin/filter-tabs.tsx';
import { EmptyState, LoadError } from '../../../components/admin/list-states.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { Pagination } from '../../../components/admin/pagination.tsx';
import { Table, Td, Th } from '../../../components/admin/table.tsx';
import { ADMIN_PAGE_SIZE, useClampPage, useFilterParam, usePageParam } from '../../../components/admin/use-list-params.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { contactStatuses } from '../../../../shared/schemas/contacts.ts';
import { truncate } from '../../../../shared/text.ts';
import { ContactDialog, StatusBadge, type ContactMessage } from './contact-dialog.tsx';

/** /admin/contacts: messages by status (pending first, SPEC §4), each opened in a dialog. */
export function ContactsPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [status, setStatus] = useFilterParam('status', contactStatuses, 'pending');
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...trpc.contacts.list.queryOptions({ status, page, pageSize: ADMIN_PAGE_SIZE }), placeholderData: keepPreviousData });
  useClampPage(page, list.data?.total, ADMIN_PAGE_SIZE, setPage);
  // The open message is kept here, not looked up in the list: marking it read moves it out of the pending list.
  const [open, setOpen] = useState<ContactMessage | null>(null);

  const messages = list.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('contacts.title')} description={t('contacts.intro')} />
      <FilterTabs
        label={t('contacts.filterLabel')}
        value={status}
        onChange={setStatus}
        options={contactStatuses.map((value) => ({ value, label: t(`contacts.status.${value}`) }))}
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState icon="contact" text={t(`contacts.empty.${status}`)} />
      ) : (
        <Table caption={t('contacts.title')} testId="contacts-table">
          <thead>
            <tr>
              <Th>{t('contacts.columns.from')}</Th>
              <Th className="hidden md:table-cell">{t('fields.message')}</Th>
              <Th className="hidden sm:table-cell">{t('fields.received')}</Th>
              <Th className="hidden lg:table-cell">{t('fields.status')}</Th>
              <Th>
                <span className="sr-only">{t('list.actions')}</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {messages.map((message) => (
              <tr key={message.id} data-testid="contact-row" className={message.status === 'pending' ? 'bg-plum-50/30' : undefined}>
                <Td>
                  <p className={`text-stone-900 ${message.status === 'pending' ? 'font-semibold' : 'font-medium'}`}>{message.name}</p>
                  <bdi className="block text-xs text-stone-500">{message.email}</bdi>
                </Td>
                <Td className="hidden max-w-md md:table-cell">
                  <span dir="auto">{truncate(message.message, 80)}</span>
                </Td>
                <Td className="hidden whitespace-nowrap sm:table-cell">{formatDate(message.createdAt, language)}</Td>
                <Td className="hidden lg:table-cell">
                  <StatusBadge status={message.status} />
                </Td>
                <Td className="text-end">
                  <Button size="sm" icon="eye" onClick={() => setOpen(message)} aria-label={`${t('actions.open')}: ${message.name}`}>
                    {t('actions.open')}
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data ? <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
      <ContactDialog message={open} onChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
