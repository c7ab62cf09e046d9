import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from './bilingual-fields.tsx';
import { FormSection, TextField } from './form-controls.tsx';
import { limits } from '../../../shared/limits.ts';

export interface LegalValues extends Record<string, string> {
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  videoLink: string;
}

export const emptyLegalValues: LegalValues = { titleEn: '', titleFa: '', descriptionEn: '', descriptionFa: '', videoLink: '' };

/** A changed video link also settles "an image, a video or a link" (reported under mediaUploadId). */
export function legalErrorKeys(field: string): string[] {
  return field === 'videoLink' ? ['videoLink', 'mediaUploadId'] : [field];
}

export function legalLabels(t: TFunction<'admin'>): Record<string, string> {
  return {
    titleEn: t('fields.titleEn'),
    titleFa: t('fields.titleFa'),
    descriptionEn: t('fields.descriptionEn'),
    descriptionFa: t('fields.descriptionFa'),
    mediaUploadId: t('fields.imageOrVideo'),
    videoLink: t('fields.videoLink'),
  };
}

/** A legal-awareness item: both titles, both descriptions, and an image, a video file or a YouTube link. */
export function LegalFields({
  values,
  setField,
  errors,
  mediaSlot,
}: {
  values: LegalValues;
  setField(field: keyof LegalValues, value: string): void;
  errors: Record<string, string[]>;
  mediaSlot: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <FormSection title={t('form.sections.text')} description={t('form.sections.textHint')}>
        <BilingualFields
          values={values}
          onChange={(field, value) => setField(field as keyof LegalValues, value)}
          errors={errors}
          pairs={[
            { en: 'titleEn', fa: 'titleFa', enLabel: t('fields.titleEn'), faLabel: t('fields.titleFa'), required: true, limit: limits.title },
            {
              en: 'descriptionEn',
              fa: 'descriptionFa',
              enLabel: t('fields.descriptionEn'),
              faLabel: t('fields.descriptionFa'),
              limit: limits.longText,
              required: true,
              multiline: true,
            },
          ]}
        />
      </FormSection>
      <FormSection title={t('form.sections.imageOrVideo')} description={t('legal.mediaHint')}>
        {mediaSlot}
        <TextField
          label={t('fields.videoLink')}
          type="url"
          dir="ltr"
          value={values.videoLink}
          onChange={(value) => setField('videoLink', value)}
          error={errors.videoLink}
          hint={t('form.videoLinkHint')}
          name="videoLink"
          limit={limits.url}
        />
      </FormSection>
    </>
  );
}
