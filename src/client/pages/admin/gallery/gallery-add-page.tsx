import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSection, TextField } from '../../../components/admin/form-controls.tsx';
import { AddItemPage } from '../../../components/admin/item-form-page.tsx';
import { useAddForm } from '../../../components/admin/use-add-form.tsx';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { createGalleryInput } from '../../../../shared/schemas/gallery.ts';

const empty = { name: '', videoLink: '' };

/** /admin/gallery/add: a name, and an image or a YouTube link (src/shared/schemas/gallery.ts). */
export function GalleryAddPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const form = useAddForm({
    draft: 'add-gallery',
    initial: empty,
    upload: 'imageUploadId',
    texts: 'gallery',
    section: 'gallery',
    // A link settles "an image or a video link" as well as its own mistakes.
    errorKeys: (field) => (field === 'videoLink' ? ['videoLink', 'imageUploadId'] : [field]),
  });
  const create = useMutation(trpc.gallery.create.mutationOptions(form.callbacks));

  // The "image or video link" rule is the schema's; its message is the original's alert text.
  const submit = () => form.submit(createGalleryInput, { ...form.values, imageUploadId: form.file.id }, create.mutate);

  const labels = { name: t('fields.name'), imageUploadId: t('fields.image'), videoLink: t('fields.videoLink') };
  return (
    <AddItemPage
      texts="gallery"
      listPath="/gallery/all"
      testId="gallery-form"
      onSubmit={submit}
      errors={form.errors}
      labels={labels}
      busy={create.isPending || form.file.uploading}
      notice={form.notice(() => [
        { href: '/gallery', label: t('form.viewOnSite'), external: true },
        { href: '/gallery/all', label: t('gallery.listTitle') },
      ])}
    >
      <FormSection title={t('form.sections.item')}>
        <TextField label={t('fields.name')} {...form.field('name')} required name="name" />
      </FormSection>
      <FormSection title={t('form.sections.imageOrVideo')} description={t('gallery.mediaHint')}>
        <UploadField label={t('fields.image')} purpose="image" {...form.file.props} />
        <TextField label={t('fields.videoLink')} type="url" dir="ltr" {...form.field('videoLink')} hint={t('form.videoLinkHint')} name="videoLink" />
      </FormSection>
    </AddItemPage>
  );
}
