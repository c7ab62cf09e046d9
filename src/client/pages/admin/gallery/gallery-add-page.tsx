import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { CreatedNotice } from '../../../components/admin/created-notice.tsx';
import { FormSection, TextField } from '../../../components/admin/form-controls.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import type { UploadResult } from '../../../lib/upload.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { createGalleryInput } from '../../../../shared/schemas/gallery.ts';

const empty = { name: '', videoLink: '' };

/** /admin/gallery/add: a name, and an image or a YouTube link (SPEC §5). */
export function GalleryAddPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const user = useAdminUser();
  const draft = useDraft(`${user.id}:add-gallery`, empty);
  const [image, setImage] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const { errors, setErrors, clear } = useFieldErrors();
  const [created, setCreated] = useState(false);

  const create = useMutation(
    trpc.gallery.create.mutationOptions({
      onSuccess: () => {
        notify.success(t('gallery.added'));
        draft.clear();
        setImage(null);
        setResetKey((key) => key + 1);
        setErrors({});
        setCreated(true);
        void refresh('gallery');
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t('gallery.addFailed'), error);
      },
    }),
  );

  const submit = () => {
    // The "image or video link" rule is the schema's; its message is SPEC's alert text.
    const checked = validate(createGalleryInput, { ...draft.values, imageUploadId: image?.id }, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setCreated(false);
    create.mutate(checked.data);
  };

  const labels = { name: t('fields.name'), imageUploadId: t('fields.image'), videoLink: t('fields.videoLink') };
  return (
    <>
      <PageHeader title={t('gallery.addTitle')} description={t('gallery.addIntro')} back={{ href: '/gallery/all', label: t('gallery.backToList') }} />
      <AdminForm
        testId="gallery-form"
        onSubmit={submit}
        errors={errors}
        labels={labels}
        submitLabel={t('gallery.addSubmit')}
        busy={create.isPending || uploading}
        notice={
          <>
            {created ? (
              <CreatedNotice
                text={t('gallery.added')}
                onDismiss={() => setCreated(false)}
                links={[
                  { href: '/gallery', label: t('form.viewOnSite'), external: true },
                  { href: '/gallery/all', label: t('gallery.listTitle') },
                ]}
              />
            ) : null}
            {draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} extra={t('form.chooseFileAgain')} /> : null}
          </>
        }
      >
        <FormSection title={t('form.sections.item')}>
          <TextField
            label={t('fields.name')}
            value={draft.values.name}
            onChange={(value) => {
              draft.setField('name', value);
              clear('name');
            }}
            error={errors.name}
            required
            name="name"
          />
        </FormSection>
        <FormSection title={t('form.sections.imageOrVideo')} description={t('gallery.mediaHint')}>
          <UploadField
            label={t('fields.image')}
            purpose="image"
            onUploaded={(result) => {
              setImage(result);
              if (result) clear('imageUploadId');
            }}
            onBusyChange={setUploading}
            resetKey={resetKey}
            error={errors.imageUploadId}
          />
          <TextField
            label={t('fields.videoLink')}
            type="url"
            dir="ltr"
            value={draft.values.videoLink}
            onChange={(value) => {
              draft.setField('videoLink', value);
              clear('videoLink', 'imageUploadId');
            }}
            error={errors.videoLink}
            hint={t('form.videoLinkHint')}
            name="videoLink"
          />
        </FormSection>
      </AdminForm>
    </>
  );
}
