import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { ResetFactors } from '../../../components/admin/account/reset-factors.tsx';
import { ItemQueryState, useItemQuery } from '../../../components/admin/item-query-state.tsx';
import { useEditForm } from '../../../components/admin/use-edit-form.ts';
import { RoleField, UserForm, useConfirmPassword } from '../../../components/admin/user-form.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { createUserInput, updateUserInput } from '../../../../shared/schemas/users.ts';

type User = RouterOutputs['users']['byId'];

/** Name and e-mail may change but not be emptied; the password only when a new one is typed. */
const userTextInput = createUserInput.pick({ name: true, email: true });

/** /admin/edit/user/{id}: the real edit the original's alert only promised. */
export function UserEditPage({ id }: { id: string | undefined }) {
  const trpc = useTRPC();
  const user = useItemQuery(id, (userId) => trpc.users.byId.queryOptions({ id: userId }));
  return (
    <ItemQueryState {...user} back={{ href: '/users/all', label: 'users.backToList' }}>
      {(data) => <UserEditForm user={data} />}
    </ItemQueryState>
  );
}

function UserEditForm({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useAdminUser();
  const isMe = user.id === me.id;
  const [initial] = useState(() => ({ name: user.name, email: user.email, role: user.role as string, password: '', currentPassword: '' }));
  const form = useEditForm({
    draft: `edit-user-${user.id}`,
    itemId: user.id,
    initial,
    exclude: ['password', 'currentPassword'],
    updated: t('users.updated'),
    section: 'users',
    listPath: '/users/all',
    onSaved: () => {
      // Your own new name belongs in the sidebar at once.
      if (isMe) void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
    },
  });
  const update = useMutation(trpc.users.update.mutationOptions(form.callbacks));
  const confirm = useConfirmPassword(form);

  const submit = () => {
    const values = form.values;
    if (!form.check(userTextInput, values)) return;
    const changes: Record<string, unknown> & { id: number } = { id: user.id };
    if (values.name.trim() !== initial.name) changes.name = values.name;
    if (values.email.trim().toLowerCase() !== initial.email) changes.email = values.email;
    if (values.password) changes.password = values.password;
    if (values.role !== initial.role) changes.role = values.role;
    // Your own e-mail address or password changes only with your current password; another's
    // with yours too when you signed in a while ago (the server asks).
    if (values.currentPassword) changes.currentPassword = values.currentPassword;
    form.saveChanges(changes, updateUserInput, update.mutate);
  };

  return (
    <>
      <UserForm
        form={form}
        title={t('users.editTitle')}
        description={user.email}
        submitLabel={t('form.saveChanges')}
        busy={update.isPending}
        onSubmit={submit}
        password={{
          label: t('fields.newPassword'),
          section: isMe ? t('users.newPasswordSelfHint') : t('users.newPasswordHint'),
          current: isMe ? form.field('currentPassword') : undefined,
          confirm,
        }}
        extra={{ labels: { role: t('fields.role') }, fields: <RoleField field={form.field('role')} /> }}
      />
      {isMe ? null : <ResetFactors user={user} />}
    </>
  );
}
