import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { AddLink, DeleteButton, EditLink } from '../../../components/admin/item-actions.tsx';
import { SecondFactorPolicy } from '../../../components/admin/account/second-factor-policy.tsx';
import { TableListPage } from '../../../components/admin/table-list-page.tsx';
import { Td } from '../../../components/admin/table.tsx';
import { useDeleteWithConfirm } from '../../../components/admin/use-delete-with-confirm.tsx';
import { usePagedList } from '../../../components/admin/use-paged-list.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** /admin/users/all: every editor, with a real Edit and a Delete that is never offered on yourself. */
export function UsersListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const me = useAdminUser();
  const list = usePagedList((page) => trpc.users.list.queryOptions(page));
  // The server explains refusals (yourself, the last administrator) in the editor's language.
  const deletion = useDeleteWithConfirm({ procedure: trpc.users.delete, texts: 'users', section: 'users' });

  return (
    <TableListPage
      list={list}
      title={t('users.listTitle')}
      description={t('users.listIntro')}
      actions={<AddLink href="/users/add" label={t('users.addTitle')} />}
      toolbar={<SecondFactorPolicy />}
      empty={{ icon: 'users', text: t('users.empty') }}
      table={{
        caption: t('users.listTitle'),
        testId: 'users-table',
        columns: [
          { label: t('fields.name') },
          { label: t('fields.email'), className: 'hidden md:table-cell' },
          { label: t('fields.role'), className: 'hidden sm:table-cell' },
          { label: t('fields.added'), className: 'hidden lg:table-cell' },
        ],
        actions: true,
      }}
      row={(user) => (
        <tr key={user.id} data-testid="user-row" data-item-id={user.id}>
          <Td className="font-medium text-stone-900">
            <bdi>{user.name}</bdi>
            {user.id === me.id ? <span className="ms-2 rounded-full bg-plum-50 px-2 py-0.5 text-xs font-semibold text-plum-800">{t('users.you')}</span> : null}
            {/* On narrow screens the e-mail column is hidden; the address goes under the name. */}
            <bdi className="block text-xs font-normal text-stone-500 md:hidden">{user.email}</bdi>
          </Td>
          <Td className="hidden md:table-cell">
            <bdi>{user.email}</bdi>
          </Td>
          <Td className="hidden sm:table-cell">
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">{t(`roles.${user.role}`)}</span>
            <span
              className={`ms-1 rounded-full px-2 py-0.5 text-xs font-semibold ${user.hasSecondFactor ? 'bg-green-100 text-green-900' : 'bg-amber-50 text-amber-900'}`}
              data-testid="user-second-factor"
            >
              {t(user.hasSecondFactor ? 'users.secondFactorOn' : 'users.secondFactorOff')}
            </span>
          </Td>
          <Td className="hidden whitespace-nowrap lg:table-cell">{formatDate(user.createdAt, language)}</Td>
          <Td>
            <div className="flex justify-end gap-1">
              <EditLink href={`/edit/user/${user.id}`} name={user.name} />
              {user.id === me.id ? (
                <span className="px-2.5 py-1.5 text-xs text-stone-500">{t('users.cannotDeleteSelf')}</span>
              ) : (
                <DeleteButton
                  name={user.name}
                  busy={deletion.deletingId === user.id}
                  onClick={() => deletion.ask({ id: user.id, title: `${user.name} <${user.email}>`, warning: t('users.deleteWarning') })}
                />
              )}
            </div>
          </Td>
        </tr>
      )}
    />
  );
}
