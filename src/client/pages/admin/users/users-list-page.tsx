import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { Button, buttonClass } from '../../../components/admin/button.tsx';
import { useConfirm } from '../../../components/admin/confirm.tsx';
import { DeleteMessage } from '../../../components/admin/delete-message.tsx';
import { Icon } from '../../../components/admin/icons.tsx';
import { EmptyState, LoadError } from '../../../components/admin/list-states.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { Pagination } from '../../../components/admin/pagination.tsx';
import { Table, Td, Th } from '../../../components/admin/table.tsx';
import { ADMIN_PAGE_SIZE, useClampPage, usePageParam } from '../../../components/admin/use-list-params.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';

type User = RouterOutputs['users']['list']['items'][number];

/** /admin/users/all: every editor, with a real Edit and a Delete that is never offered on yourself. */
export function UsersListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const me = useAdminUser();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...trpc.users.list.queryOptions({ page, pageSize: ADMIN_PAGE_SIZE }), placeholderData: keepPreviousData });
  useClampPage(page, list.data?.total, ADMIN_PAGE_SIZE, setPage);

  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: () => {
        notify.success(t('users.deleted'));
        void refresh('users');
      },
      // The server explains refusals (yourself, the last administrator) in the editor's language.
      onError: (error) => notify.failure(t('users.deleteFailed'), error),
    }),
  );

  const askDelete = async (user: User) => {
    const ok = await confirm({
      title: t('users.confirmDelete'),
      message: <DeleteMessage title={`${user.name} <${user.email}>`} text={t('users.deleteWarning')} />,
    });
    if (ok) remove.mutate({ id: user.id });
  };

  const users = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('users.listTitle')}
        description={t('users.listIntro')}
        actions={
          <Link href="/users/add" className={buttonClass('primary')}>
            <Icon name="plus" className="size-4" />
            {t('users.addTitle')}
          </Link>
        }
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : users.length === 0 ? (
        <EmptyState icon="users" text={t('users.empty')} />
      ) : (
        <Table caption={t('users.listTitle')} testId="users-table">
          <thead>
            <tr>
              <Th>{t('fields.name')}</Th>
              <Th className="hidden md:table-cell">{t('fields.email')}</Th>
              <Th className="hidden sm:table-cell">{t('fields.role')}</Th>
              <Th className="hidden lg:table-cell">{t('fields.added')}</Th>
              <Th>
                <span className="sr-only">{t('list.actions')}</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {users.map((user) => (
              <tr key={user.id} data-testid="user-row">
                <Td className="font-medium text-stone-900">
                  {user.name}
                  {user.id === me.id ? (
                    <span className="ms-2 rounded-full bg-plum-50 px-2 py-0.5 text-xs font-semibold text-plum-800">{t('users.you')}</span>
                  ) : null}
                  {/* On narrow screens the e-mail column is hidden; the address goes under the name. */}
                  <bdi className="block text-xs font-normal text-stone-500 md:hidden">{user.email}</bdi>
                </Td>
                <Td className="hidden md:table-cell">
                  <bdi>{user.email}</bdi>
                </Td>
                <Td className="hidden sm:table-cell">
                  <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">{t(`roles.${user.role}`)}</span>
                </Td>
                <Td className="hidden whitespace-nowrap lg:table-cell">{formatDate(user.createdAt, language)}</Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Link href={`/edit/user/${user.id}`} className={buttonClass('ghost', 'sm')} aria-label={`${t('actions.edit')}: ${user.name}`}>
                      <Icon name="edit" className="size-4" />
                      {t('actions.edit')}
                    </Link>
                    {user.id === me.id ? (
                      <span className="px-2.5 py-1.5 text-xs text-stone-500">{t('users.cannotDeleteSelf')}</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="danger-ghost"
                        icon="trash"
                        busy={remove.isPending && remove.variables?.id === user.id}
                        onClick={() => void askDelete(user)}
                        aria-label={`${t('actions.delete')}: ${user.name}`}
                      >
                        {t('actions.delete')}
                      </Button>
                    )}
                  </div>
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
