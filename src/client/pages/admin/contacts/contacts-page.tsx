import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/admin/button.tsx';
import { FilterTabs } from '../../../components/admin/filter-tabs.tsx';
import { TableListPage } from '../../../components/admin/table-list-page.tsx';
import { Td } from '../../../components/admin/table.tsx';
import { useFilterParam } from '../../../components/admin/use-list-params.ts';
import { usePagedList } from '../../../components/admin/use-paged-list.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { formatKeptDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { contactStatuses } from '../../../../shared/schemas/contacts.ts';
import { excerpt } from '../../../../shared/text.ts';
import { ContactDialog, StatusBadge, type ContactMessage } from './contact-dialog.tsx';

/** /admin/contacts: messages by status (pending first: what still needs an answer), each opened in a dialog. */
export function ContactsPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [status, setStatus] = useFilterParam('status', contactStatuses, 'pending');
  const list = usePagedList((page) => trpc.contacts.list.queryOptions({ status, ...page }));
  // The open message is kept here, not looked up in the list: marking it read moves it out of the pending list.
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const refresh = useRefresh();
  // Opening a pending message marks it read (the dialog offers "Mark as unread" to undo).
  const opening = useMutation(
    trpc.contacts.open.mutationOptions({
      onSuccess: (opened) => {
        setOpen((current) => (current?.id === opened.id ? opened : current));
        void refresh('contacts');
      },
    }),
  );
  const show = (message: ContactMessage) => {
    setOpen(message);
    if (message.status === 'pending') opening.mutate({ id: message.id });
  };

  return (
    <TableListPage
      list={list}
      title={t('contacts.title')}
      description={t('contacts.intro')}
      toolbar={
        <FilterTabs
          label={t('contacts.filterLabel')}
          value={status}
          onChange={setStatus}
          options={contactStatuses.map((value) => ({ value, label: t(`contacts.status.${value}`) }))}
        />
      }
      empty={{ icon: 'contact', text: t(`contacts.empty.${status}`) }}
      table={{
        caption: t('contacts.title'),
        testId: 'contacts-table',
        columns: [
          { label: t('contacts.columns.from') },
          { label: t('fields.message'), className: 'hidden md:table-cell' },
          { label: t('fields.received'), className: 'hidden sm:table-cell' },
          { label: t('fields.status'), className: 'hidden lg:table-cell' },
        ],
        actions: true,
      }}
      row={(message) => (
        <tr key={message.id} data-testid="contact-row" className={message.status === 'pending' ? 'bg-plum-50/30' : undefined}>
          <Td>
            <p className={`text-stone-900 ${message.status === 'pending' ? 'font-semibold' : 'font-medium'}`}>
              <bdi data-testid="contact-name">{message.name}</bdi>
            </p>
            <bdi className="block text-xs text-stone-500">{message.email}</bdi>
          </Td>
          <Td className="hidden max-w-md md:table-cell">
            <span dir="auto">{excerpt(message.message, 80)}</span>
          </Td>
          <Td className="hidden whitespace-nowrap sm:table-cell">{formatKeptDate(message.createdAt, language)}</Td>
          <Td className="hidden lg:table-cell">
            <StatusBadge status={message.status} />
          </Td>
          <Td className="text-end">
            <Button size="sm" icon="eye" onClick={() => show(message)} aria-label={`${t('actions.open')}: ${message.name}`}>
              {t('actions.open')}
            </Button>
          </Td>
        </tr>
      )}
      after={<ContactDialog message={open} onChange={setOpen} onClose={() => setOpen(null)} />}
    />
  );
}
