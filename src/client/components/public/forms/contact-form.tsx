import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { FormErrors } from '../../ui/form-errors.tsx';
import { SubmitButton, TextField } from '../../ui/text-field.tsx';
import { useToast } from '../../ui/toaster.tsx';
import { UploadField } from '../../ui/upload-field.tsx';
import { loadSchemas } from '../../../lib/schemas-lazy.ts';
import { errorMessageOf, useTRPC } from '../../../lib/trpc.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { FormPostFields, useServerForm } from '../../../lib/server-form.tsx';
import { visitorFormAttributes } from './visitor-form.tsx';
import { limits } from '../../../../shared/limits.ts';

const empty = { name: '', email: '', message: '' };

/** Name, e-mail and message required; one optional image (src/shared/schemas). */
export function ContactForm() {
  const { t } = useTranslation('public');
  const toast = useToast();
  const trpc = useTRPC();
  const create = useMutation(trpc.contacts.create.mutationOptions());
  const server = useServerForm('contact');
  const [values, setValues] = useState({ ...empty, ...server?.values });
  const [imageUploadId, setImageUploadId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const form = useFormSubmit({
    schema: async () => (await loadSchemas()).createContactInput,
    initialErrors: server?.errors,
    send: (data) => create.mutateAsync(data),
    onSuccess() {
      setValues(empty);
      setImageUploadId(null);
      setResetKey((key) => key + 1);
      toast.show('success', t('toasts.success'), t('toasts.addedSuccessfully'));
    },
    onFailure(error, retry) {
      toast.show('error', t('toasts.error'), errorMessageOf(error, t), retry && { label: t('common:tryAgain'), run: retry });
    },
  });

  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit({ ...values, imageUploadId });
  }

  const labels = {
    name: t('contact.fields.name'),
    email: t('contact.fields.email'),
    message: t('contact.fields.message'),
    imageUploadId: t('contact.fields.image'),
  };
  return (
    <form {...visitorFormAttributes('contact', onSubmit)}>
      <FormPostFields form="contact" />
      <FormErrors errors={form.errors} labels={labels} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label={labels.name}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={set('name')}
          error={form.errors.name}
          limit={limits.name}
        />
        <TextField
          label={labels.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
          value={values.email}
          onChange={set('email')}
          error={form.errors.email}
          limit={limits.email}
          className="rtl:text-right"
        />
      </div>
      <TextField
        multiline
        label={labels.message}
        name="message"
        required
        rows={7}
        value={values.message}
        onChange={set('message')}
        error={form.errors.message}
        limit={limits.message}
      />
      <UploadField
        label={labels.imageUploadId}
        name="image"
        chooseAgain={server?.fileDropped}
        purpose="image"
        hint={t('contact.imageHint')}
        onUploaded={(result) => setImageUploadId(result?.id ?? null)}
        onBusyChange={setUploading}
        resetKey={resetKey}
        error={form.errors.imageUploadId}
      />
      <SubmitButton busy={form.sending || uploading} label={t('contact.submit')} busyLabel={uploading ? t('forms.uploading') : t('forms.sending')} />
    </form>
  );
}
