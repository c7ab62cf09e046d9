import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { FormSection, SelectField, TextField } from '../../../components/admin/form-controls.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { PasswordField } from '../../../components/admin/password-field.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { createUserInput, roles } from '../../../../shared/schemas/users.ts';

const empty = { name: '', email: '', password: '', role: 'admin' };

/** /admin/users/add: name, e-mail, password and role (Admin, the only one). */
export function UserAddPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const me = useAdminUser();
  // The password is never written to storage with the rest of the draft.
  const draft = useDraft(`${me.id}:add-user`, empty, { exclude: ['password'] });
  const { errors, setErrors, clear } = useFieldErrors();

  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: () => {
        notify.success(t('users.added'));
        draft.clear();
        setErrors({});
        void refresh('users');
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t('users.addFailed'), error);
      },
    }),
  );

  const change = (field: keyof typeof draft.values, value: string) => {
    draft.setField(field, value);
    clear(field);
  };

  const submit = () => {
    const checked = validate(createUserInput, draft.values, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create.mutate(checked.data);
  };

  const labels = { name: t('fields.name'), email: t('fields.email'), password: t('fields.password'), role: t('fields.role') };
  return (
    <>
      <PageHeader title={t('users.addTitle')} description={t('users.addIntro')} back={{ href: '/users/all', label: t('users.backToList') }} />
      <div className="max-w-2xl">
        <AdminForm
          testId="user-form"
          onSubmit={submit}
          errors={errors}
          labels={labels}
          submitLabel={t('users.addSubmit')}
          busy={create.isPending}
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
            <PasswordField
              label={t('fields.password')}
              value={draft.values.password}
              onChange={(value) => change('password', value)}
              error={errors.password}
              required
              hint={t('users.passwordHint')}
            />
            <SelectField
              label={t('fields.role')}
              value={draft.values.role}
              onChange={(value) => change('role', value)}
              error={errors.role}
              required
              name="role"
              options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
          </FormSection>
        </AdminForm>
      </div>
    </>
  );
}
