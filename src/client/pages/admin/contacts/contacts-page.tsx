import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/admin/button.tsx';
import { FilterTabs } from '../../../components/admin/filter-tabs.tsx';
import { TableListPage } from '../../../components/admin/table-list-page.tsx';
import { Td } from '../../../components/admin/table.tsx';
import { useFilterParam } from '../../../components/admin/use-list-params.ts';
import { usePagedList } from '../../../components/admin/use-paged-list.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { contactStatuses } from '../../../../shared/schemas/contacts.ts';
import { truncate } from '../../../../shared/text.ts';
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
      )}
      after={<ContactDialog message={open} onChange={setOpen} onClose={() => setOpen(null)} />}
    />
  );
}
