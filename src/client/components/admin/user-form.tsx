import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { AdminForm } from './admin-form.tsx';
import { FormSection, SelectField, TextField } from './form-controls.tsx';
import { roles } from '../../../shared/schemas/users.ts';
import { PageHeader } from './page-header.tsx';
import { PasswordField } from './password-field.tsx';
import { limits } from '../../../shared/limits.ts';

interface FieldState {
  value: string;
  onChange(value: string): void;
  error?: string[];
}

/** What the user form needs of its page's form state (useDraftForm). */
interface UserFormState {
  errors: Record<string, string[]>;
  field(name: 'name' | 'email' | 'password' | 'currentPassword' | 'role'): FieldState;
  draftNotice(): ReactNode;
}

/** The role select, with what the chosen role may do said under it. */
export function RoleField({ field }: { field: FieldState }) {
  const { t } = useTranslation('admin');
  return (
    <SelectField
      label={t('fields.role')}
      {...field}
      required
      name="role"
      hint={t(`roleHints.${field.value}`, { defaultValue: '' })}
      options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
    />
  );
}

/**
 * The editor's own password field, from the moment the server first asks for it (adding a user, or
 * changing another's sign-in, a while after signing in) until the page is left: typing in it
 * clears the error that brought it, not the field.
 */
export function useConfirmPassword(form: UserFormState): FieldState | undefined {
  const [asked, setAsked] = useState(false);
  const askedNow = Boolean(form.errors.currentPassword);
  if (askedNow && !asked) setAsked(true);
  return asked || askedNow ? form.field('currentPassword') : undefined;
}

/**
 * The add and the edit page of a user: name, e-mail and a password, in a narrow card. Adding asks
 * for the password beside the account; editing puts a new password in a section of its own, with
 * `password.section` saying when to fill it in.
 */
export function UserForm({
  form,
  title,
  description,
  submitLabel,
  busy,
  onSubmit,
  password,
  extra,
}: {
  form: UserFormState;
  title: string;
  description: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(): void;
  /**
   * `current`: the field for one's own current password, shown beside a new one (editing oneself).
   * `confirm`: the editor's own password, shown once the server asks for it (adding a user, or
   * changing another's sign-in, long after signing in).
   */
  password: { label: string; required?: boolean; section?: string; current?: FieldState; confirm?: FieldState };
  /** More fields after the password in the account section (the role), and their labels. */
  extra?: { fields: ReactNode; labels: Record<string, string> };
}) {
  const { t } = useTranslation('admin');
  const passwordFields = (
    <>
      <PasswordField label={password.label} {...form.field('password')} required={password.required} hint={t('users.passwordHint')} />
      {password.current ? <PasswordField label={t('fields.currentPassword')} {...password.current} hint={t('users.currentPasswordHint')} current /> : null}
      {password.confirm && !password.current ? (
        <PasswordField label={t('fields.yourPassword')} {...password.confirm} hint={t('users.confirmHint')} current required />
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader title={title} description={description} back={{ href: '/users/all', label: t('users.backToList') }} />
      <div className="max-w-2xl">
        <AdminForm
          testId="user-form"
          onSubmit={onSubmit}
          errors={form.errors}
          labels={{
            name: t('fields.name'),
            email: t('fields.email'),
            password: password.label,
            currentPassword: t(password.current ? 'fields.currentPassword' : 'fields.yourPassword'),
            ...extra?.labels,
          }}
          submitLabel={submitLabel}
          busy={busy}
          notice={form.draftNotice()}
        >
          <FormSection title={t('form.sections.account')}>
            <TextField label={t('fields.name')} {...form.field('name')} required name="name" autoComplete="off" limit={limits.name} />
            <TextField
              label={t('fields.email')}
              type="email"
              dir="ltr"
              {...form.field('email')}
              required
              name="email"
              autoComplete="off"
              limit={limits.email}
            />
            {password.section ? null : passwordFields}
            {extra?.fields}
          </FormSection>
          {password.section ? (
            <FormSection title={t('form.sections.password')} description={password.section}>
              {passwordFields}
            </FormSection>
          ) : null}
        </AdminForm>
      </div>
    </>
  );
}
