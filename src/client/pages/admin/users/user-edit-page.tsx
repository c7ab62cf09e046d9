import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { FormSection, TextField } from '../../../components/admin/form-controls.tsx';
import { ItemQueryState } from '../../../components/admin/item-query-state.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { PasswordField } from '../../../components/admin/password-field.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { fieldErrorsOf, useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { createUserInput, updateUserInput } from '../../../../shared/schemas/users.ts';

type User = RouterOutputs['users']['byId'];

/** Name and e-mail may change but not be emptied; the password only when a new one is typed. */
const userTextInput = createUserInput.pick({ name: true, email: true });

/** /admin/edit/user/{id}: the real edit the original's alert only promised. */
export function UserEditPage({ id }: { id: string | undefined }) {
  const trpc = useTRPC();
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const user = useQuery({ ...trpc.users.byId.queryOptions({ id: numericId }), enabled: valid });
  return (
    <ItemQueryState query={user} valid={valid} back={{ href: '/users/all', label: 'users.backToList' }}>
      {(data) => <UserEditForm user={data} />}
    </ItemQueryState>
  );
}

function UserEditForm({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const me = useAdminUser();
  const [, navigate] = useLocation();
  const [initial] = useState(() => ({ name: user.name, email: user.email, password: '' }));
  const draft = useDraft(`${me.id}:edit-user-${user.id}`, initial, { exclude: ['password'] });
  const { errors, setErrors, clear } = useFieldErrors();
  const isMe = user.id === me.id;

  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: () => {
        notify.success(t('users.updated'));
        draft.clear();
        void refresh('users');
        // Your own new name belongs in the sidebar at once.
        if (isMe) void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        navigate('/users/all');
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t('toasts.updateFailed'), error);
      },
    }),
  );

  const change = (field: keyof typeof draft.values, value: string) => {
    draft.setField(field, value);
    clear(field);
  };

  const submit = () => {
    const values = draft.values;
    const whole = validate(userTextInput, values, language);
    if (!whole.ok) return setErrors(whole.errors);
    const changes: Record<string, unknown> = { id: user.id };
    if (values.name.trim() !== initial.name) changes.name = values.name;
    if (values.email.trim().toLowerCase() !== initial.email) changes.email = values.email;
    if (values.password) changes.password = values.password;
    if (Object.keys(changes).length === 1) {
      setErrors({});
      return notify.info(t('form.noChanges'));
    }
    const checked = validate(updateUserInput, changes, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    update.mutate(checked.data);
  };

  const labels = { name: t('fields.name'), email: t('fields.email'), password: t('fields.newPassword') };
  return (
    <>
      <PageHeader title={t('users.editTitle')} description={user.email} back={{ href: '/users/all', label: t('users.backToList') }} />
      <div className="max-w-2xl">
        <AdminForm
          testId="user-form"
          onSubmit={submit}
          errors={errors}
          labels={labels}
          submitLabel={t('form.saveChanges')}
          busy={update.isPending}
          notice={draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} /> : null}
        >
          <FormSection title={t('form.sections.account')}>
            <TextField
              label={t('fields.name')}
              value={draft.values.name}
              onChange={(value) => change('name', value)}
              error={errors.name}
              required
              name="name"
              autoComplete="off"
            />
            <TextField
              label={t('fields.email')}
              type="email"
              dir="ltr"
              value={draft.values.email}
              onChange={(value) => change('email', value)}
              error={errors.email}
              required
              name="email"
              autoComplete="off"
            />
          </FormSection>
          <FormSection title={t('form.sections.password')} description={isMe ? t('users.newPasswordSelfHint') : t('users.newPasswordHint')}>
            <PasswordField
              label={t('fields.newPassword')}
              value={draft.values.password}
              onChange={(value) => change('password', value)}
              error={errors.password}
              hint={t('users.passwordHint')}
            />
          </FormSection>
        </AdminForm>
      </div>
    </>
  );
}
