import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDraftForm } from '../../../components/admin/use-draft-form.tsx';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { RoleField, UserForm, useConfirmPassword } from '../../../components/admin/user-form.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { createUserInput } from '../../../../shared/schemas/users.ts';

// A new account starts with the least trust: a writer, until an administrator says otherwise.
const empty = { name: '', email: '', password: '', role: 'writer', currentPassword: '' };

/** /admin/users/add: name, e-mail, password and role (administrator, editor or writer). */
export function UserAddPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  // The password is never written to storage with the rest of the draft.
  const form = useDraftForm('add-user', empty, { exclude: ['password', 'currentPassword'] });
  const confirm = useConfirmPassword(form);

  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: () => {
        notify.success(t('users.added'));
        form.reset();
        form.setErrors({});
        void refresh('users');
      },
      onError: form.failed(t('users.addFailed')),
    }),
  );

  return (
    <UserForm
      form={form}
      title={t('users.addTitle')}
      description={t('users.addIntro')}
      submitLabel={t('users.addSubmit')}
      busy={create.isPending}
      onSubmit={() => form.submit(createUserInput, form.values, create.mutate)}
      // The server asks for the editor's own password when she signed in a while ago.
      password={{ label: t('fields.password'), required: true, confirm }}
      extra={{
        labels: { role: t('fields.role') },
        fields: <RoleField field={form.field('role')} />,
      }}
    />
  );
}
