import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection, TextField } from './form-controls.tsx';
import { limits } from '../../../shared/limits.ts';

// A type, not an interface: it must fit the forms' Record<string, string> without an index signature.
export type GalleryValues = { name: string; nameFa: string; videoLink: string };

/** A link settles "an image or a video link" (reported under the image or the link) as well as its own mistakes. */
export function galleryErrorKeys(field: string): string[] {
  return field === 'videoLink' ? ['videoLink', 'imageUploadId'] : [field];
}

export function galleryLabels(t: TFunction<'admin'>) {
  return { name: t('fields.nameEn'), nameFa: t('fields.nameFa'), imageUploadId: t('fields.image'), videoLink: t('fields.videoLink') };
}

/** A gallery item's fields on the add and edit pages: a name per language, then an image (`imageSlot`) or a YouTube link. */
export function GalleryFields({
  field,
  imageSlot,
  videoLinkHint,
}: {
  field(name: keyof GalleryValues): { value: string; onChange(value: string): void; error?: string[] };
  imageSlot: ReactNode;
  videoLinkHint?: string;
}) {
  const { t } = useTranslation('admin');
  const labels = galleryLabels(t);
  return (
    <>
      <FormSection title={t('form.sections.item')}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField label={labels.name} {...field('name')} required name="name" dir="ltr" limit={limits.name} />
          <TextField label={labels.nameFa} {...field('nameFa')} name="nameFa" dir="rtl" limit={limits.name} />
        </div>
      </FormSection>
      <FormSection title={t('form.sections.imageOrVideo')} description={t('gallery.mediaHint')}>
        {imageSlot}
        <TextField
          label={labels.videoLink}
          type="url"
          dir="ltr"
          {...field('videoLink')}
          hint={videoLinkHint ?? t('form.videoLinkHint')}
          name="videoLink"
          limit={limits.url}
        />
      </FormSection>
    </>
  );
}
