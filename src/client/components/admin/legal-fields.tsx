import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { BilingualFields } from './bilingual-fields.tsx';
import type { RegisterLive } from './use-draft-form.tsx';
import { AddressFields, BodyFields, CoverFields, PublicationSection } from './editorial/editorial-sections.tsx';
import { editorialLabels, emptyEditorialValues, type EditorialValues } from './editorial/editorial-values.ts';
import { FormSection, TextField } from './form-controls.tsx';
import { limits } from '../../../shared/limits.ts';

export interface LegalValues extends Record<string, string>, EditorialValues {
  titleEn: string;
  titleFa: string;
  videoLink: string;
}

export const emptyLegalValues = (): LegalValues => ({ ...emptyEditorialValues(), titleEn: '', titleFa: '', videoLink: '' });

/** A changed video link also settles "an image, a video or a link" (reported under mediaUploadId). */
export function legalErrorKeys(field: string): string[] {
  return field === 'videoLink' ? ['videoLink', 'mediaUploadId'] : [field];
}

export function legalLabels(t: TFunction<'admin'>): Record<string, string> {
  return {
    ...editorialLabels(t as (key: string) => string),
    titleEn: t('fields.titleEn'),
    titleFa: t('fields.titleFa'),
    mediaUploadId: t('fields.imageOrVideo'),
    videoLink: t('fields.videoLink'),
  };
}

/** A legal-awareness item: titles and bodies in one language or both, publication, the cover's words, and an image, a video file or a YouTube link. */
export function LegalFields({
  values,
  revision,
  registerLive,
  setField,
  errors,
  mediaSlot,
}: {
  values: LegalValues;
  /** The form's revision (use-draft.ts): the body editors take `values` again when it changes. */
  revision: number;
  /** The form's (use-draft-form.ts): a save reads the body editors' documents at once. */
  registerLive: RegisterLive;
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
          pairs={[{ en: 'titleEn', fa: 'titleFa', enLabel: t('fields.titleEn'), faLabel: t('fields.titleFa'), limit: limits.title }]}
        />
        <BodyFields values={values} setField={setField} errors={errors} revision={revision} registerLive={registerLive} />
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
      <CoverFields values={values} setField={setField} errors={errors} />
      <AddressFields values={values} setField={setField} errors={errors} titles={{ en: values.titleEn, fa: values.titleFa }} />
      <PublicationSection values={values} setField={setField} errors={errors} />
    </>
  );
}
