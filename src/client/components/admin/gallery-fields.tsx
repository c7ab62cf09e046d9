import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { FormSection, TextField } from './form-controls.tsx';
import { limits } from '../../../shared/limits.ts';
import { editorialLimits } from '../../../shared/schemas/editorial.ts';
import { BilingualFields } from './bilingual-fields.tsx';

// A type, not an interface: it must fit the forms' Record<string, string> without an index signature.
export type GalleryValues = {
  name: string;
  nameFa: string;
  altEn: string;
  altFa: string;
  captionEn: string;
  captionFa: string;
  videoLink: string;
};

export const emptyGalleryValues: GalleryValues = { name: '', nameFa: '', altEn: '', altFa: '', captionEn: '', captionFa: '', videoLink: '' };

/** The words of a gallery item a save sends (each language's own; empty ones the schema drops or clears). */
export const galleryWordFields = ['name', 'nameFa', 'altEn', 'altFa', 'captionEn', 'captionFa', 'videoLink'] as const;

/** A link settles "an image or a video link" (reported under the image or the link) as well as its own mistakes. */
export function galleryErrorKeys(field: string): string[] {
  return field === 'videoLink' ? ['videoLink', 'imageUploadId'] : [field];
}

export function galleryLabels(t: TFunction<'admin'>) {
  return {
    name: t('fields.nameEn'),
    nameFa: t('fields.nameFa'),
    altEn: t('fields.coverAltEn'),
    altFa: t('fields.coverAltFa'),
    captionEn: t('fields.coverCaptionEn'),
    captionFa: t('fields.coverCaptionFa'),
    imageUploadId: t('fields.image'),
    videoLink: t('fields.videoLink'),
  };
}

/**
 * A gallery item's fields on the add and edit pages: per language its name, the picture's
 * description and caption; then an image (`imageSlot`) or a YouTube link.
 */
export function GalleryFields({
  values,
  onChange,
  errors,
  field,
  imageSlot,
  videoLinkHint,
}: {
  values: GalleryValues;
  onChange(field: keyof GalleryValues, value: string): void;
  errors: Record<string, string[]>;
  field(name: keyof GalleryValues): { value: string; onChange(value: string): void; error?: string[] };
  imageSlot: ReactNode;
  videoLinkHint?: string;
}) {
  const { t } = useTranslation('admin');
  const labels = galleryLabels(t);
  return (
    <>
      <FormSection title={t('form.sections.item')} description={t('gallery.languagesHint')}>
        <BilingualFields
          values={values}
          onChange={(name, value) => onChange(name as keyof GalleryValues, value)}
          errors={errors}
          pairs={[
            { en: 'name', fa: 'nameFa', enLabel: labels.name, faLabel: labels.nameFa, limit: limits.name },
            { en: 'altEn', fa: 'altFa', enLabel: labels.altEn, faLabel: labels.altFa, limit: editorialLimits.alt },
            { en: 'captionEn', fa: 'captionFa', enLabel: labels.captionEn, faLabel: labels.captionFa, limit: editorialLimits.caption },
          ]}
        />
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
