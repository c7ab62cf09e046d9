import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { emptyGalleryValues, GalleryFields, galleryErrorKeys, galleryLabels } from '../../../components/admin/gallery-fields.tsx';
import { AddItemPage } from '../../../components/admin/item-form-page.tsx';
import { PictureField } from '../../../components/admin/library/picture-field.tsx';
import { useAddForm } from '../../../components/admin/use-add-form.tsx';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { createGalleryInput } from '../../../../shared/schemas/gallery.ts';
import { withScheme } from '../../../../shared/link-scheme.ts';

/** /admin/gallery/add: a name in one language or both, and an image or a YouTube link (src/shared/schemas/gallery.ts). */
export function GalleryAddPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const form = useAddForm({
    draft: 'add-gallery',
    initial: emptyGalleryValues,
    upload: 'imageUploadId',
    texts: 'gallery',
    section: 'gallery',
    errorKeys: galleryErrorKeys,
  });
  const create = useMutation(trpc.gallery.create.mutationOptions(form.callbacks));

  // The "image or video link" rule is the schema's; its message is the original's alert text.
  const submit = () =>
    form.submit(createGalleryInput, { ...form.values, videoLink: withScheme(form.values.videoLink), imageUploadId: form.file.id }, create.mutate);

  return (
    <AddItemPage
      texts="gallery"
      listPath="/gallery/all"
      testId="gallery-form"
      onSubmit={submit}
      errors={form.errors}
      labels={galleryLabels(t)}
      busy={create.isPending || form.file.uploading}
      notice={form.notice(() => [
        { href: '/gallery', label: t('form.viewOnSite'), external: true },
        { href: '/gallery/all', label: t('gallery.listTitle') },
      ])}
    >
      <GalleryFields
        values={form.values}
        onChange={form.change}
        errors={form.errors}
        field={form.field}
        imageSlot={<PictureField slot={form.file} upload={<UploadField label={t('fields.image')} purpose="image" {...form.file.props} />} />}
      />
    </AddItemPage>
  );
}
