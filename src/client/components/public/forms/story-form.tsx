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
import { PrivacyNote } from './privacy-note.tsx';
import { limits } from '../../../../shared/limits.ts';

/** Title and description required, one optional image or video (src/shared/schemas). */
export function StoryForm() {
  const { t } = useTranslation('public');
  const toast = useToast();
  const trpc = useTRPC();
  const create = useMutation(trpc.stories.create.mutationOptions());
  const server = useServerForm('story');
  const [title, setTitle] = useState(server?.values.title ?? '');
  const [description, setDescription] = useState(server?.values.description ?? '');
  const [mediaUploadId, setMediaUploadId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const form = useFormSubmit({
    schema: async () => (await loadSchemas()).createStoryInput,
    initialErrors: server?.errors,
    send: (data) => create.mutateAsync(data),
    onSuccess() {
      setTitle('');
      setDescription('');
      setMediaUploadId(null);
      setResetKey((key) => key + 1);
      toast.show('success', t('toasts.storyAdded'), t('story.reviewNote'));
    },
    onFailure(error, retry) {
      toast.show('error', t('toasts.storyFailed'), errorMessageOf(error, t), retry && { label: t('common:tryAgain'), run: retry });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit({ title, description, mediaUploadId });
  }

  const labels = { title: t('story.fields.title'), description: t('story.fields.description'), mediaUploadId: t('story.fields.media') };
  return (
    <form {...visitorFormAttributes('story', onSubmit)}>
      <FormPostFields form="story" />
      <FormErrors errors={form.errors} labels={labels} />
      <TextField
        label={labels.title}
        name="title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={form.errors.title}
        limit={limits.title}
      />
      <TextField
        multiline
        label={labels.description}
        name="description"
        required
        rows={9}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={form.errors.description}
        limit={limits.longText}
      />
      <UploadField
        label={labels.mediaUploadId}
        name="media"
        chooseAgain={server?.fileDropped}
        purpose="story"
        hint={t('story.mediaHint')}
        onUploaded={(result) => setMediaUploadId(result?.id ?? null)}
        onBusyChange={setUploading}
        resetKey={resetKey}
        error={form.errors.mediaUploadId}
      />
      <PrivacyNote />
      <SubmitButton busy={form.sending || uploading} label={t('story.submit')} busyLabel={uploading ? t('forms.uploading') : t('forms.sending')} />
    </form>
  );
}
