import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { z } from 'zod';
import { ReplaceMedia } from '../../../components/admin/current-image.tsx';
import { GalleryFields, galleryErrorKeys, galleryLabels, galleryWordFields, type GalleryValues } from '../../../components/admin/gallery-fields.tsx';
import { EditItemPage } from '../../../components/admin/item-form-page.tsx';
import { ItemQueryState, useItemQuery } from '../../../components/admin/item-query-state.tsx';
import { useEditForm } from '../../../components/admin/use-edit-form.ts';
import { useUploadSlot } from '../../../components/admin/use-upload-slot.ts';
import { PictureField } from '../../../components/admin/library/picture-field.tsx';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { galleryLabel } from '../../../lib/content.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { storageUrl } from '../../../../shared/image-url.ts';
import { message } from '../../../../shared/messages.ts';
import { createGalleryInput, updateGalleryInput } from '../../../../shared/schemas/gallery.ts';
import { withScheme } from '../../../../shared/link-scheme.ts';

type GalleryItem = RouterOutputs['gallery']['adminById'];

/** A name in one language at least: the item leaves the gallery of a language whose name is emptied. */
const galleryNamesInput = z
  .object(createGalleryInput.shape)
  .pick({ name: true, nameFa: true })
  .refine((input) => input.name || input.nameFa, { message: 'nameInEitherLanguage', path: ['name'] });

/**
 * /admin/edit/gallery/{id}: an addition to the original panel, which could only add and delete
 * gallery items; above all it lets an item added before names were kept per language get its
 * Persian name.
 */
export function GalleryEditPage({ id }: { id: string | undefined }) {
  const trpc = useTRPC();
  const item = useItemQuery(id, (itemId) => trpc.gallery.adminById.queryOptions({ id: itemId }));
  return (
    <ItemQueryState {...item} back={{ href: '/gallery/all', label: 'gallery.backToList' }}>
      {(data) => <GalleryEditForm item={data} />}
    </ItemQueryState>
  );
}

function GalleryEditForm({ item }: { item: GalleryItem }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [initial] = useState<GalleryValues>(() => ({
    name: item.name,
    nameFa: item.nameFa ?? '',
    altEn: item.altEn ?? '',
    altFa: item.altFa ?? '',
    captionEn: item.captionEn ?? '',
    captionFa: item.captionFa ?? '',
    videoLink: item.videoLink ?? '',
  }));
  const form = useEditForm({
    draft: `edit-gallery-${item.id}`,
    itemId: item.id,
    initial,
    updated: t('gallery.updated'),
    section: 'gallery',
    listPath: '/gallery/all',
    errorKeys: galleryErrorKeys,
  });
  const image = useUploadSlot('imageUploadId', form);
  const update = useMutation(trpc.gallery.update.mutationOptions(form.callbacks));

  const submit = () => {
    if (!form.check(galleryNamesInput, { name: form.values.name, nameFa: form.values.nameFa })) return;
    // The add form's rule, checked here before the server would: an image or a video link stays.
    if (!item.image && !image.id && !form.values.videoLink.trim()) return form.setErrors({ videoLink: [message(language, 'galleryMediaRequired')] });
    const changes: Record<string, unknown> & { id: number } = { id: item.id };
    for (const field of galleryWordFields) if (form.values[field] !== initial[field]) changes[field] = form.values[field];
    // Sent completed: Enter in the link field saves before its blur adds https://.
    if (typeof changes.videoLink === 'string') changes.videoLink = withScheme(changes.videoLink);
    if (image.id) changes.imageUploadId = image.id;
    form.saveChanges(changes, updateGalleryInput, update.mutate);
  };

  return (
    <EditItemPage
      texts="gallery"
      listPath="/gallery/all"
      title={galleryLabel(item, language)}
      publicPath="/gallery"
      testId="gallery-form"
      onSubmit={submit}
      errors={form.errors}
      labels={galleryLabels(t)}
      busy={update.isPending || image.uploading}
      notice={form.draftNotice()}
    >
      <GalleryFields
        values={form.values}
        onChange={form.change}
        errors={form.errors}
        field={form.field}
        videoLinkHint={item.image ? t('gallery.videoLinkRemovable') : undefined}
        imageSlot={
          <ReplaceMedia url={storageUrl(item.image)} videoLink={item.videoLink}>
            <PictureField
              slot={image}
              upload={<UploadField label={t('fields.replaceImage')} purpose="image" hint={t('form.replaceImageHint')} {...image.props} />}
            />
          </ReplaceMedia>
        }
      />
    </EditItemPage>
  );
}
