import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { categories, countries } from '../../../shared/schemas/content.ts';
import { BilingualFields } from './bilingual-fields.tsx';
import type { RegisterLive } from './use-draft-form.tsx';
import { AddressFields, BodyFields, CoverFields, PublicationSection } from './editorial/editorial-sections.tsx';
import { FormSection, SelectField, TextField } from './form-controls.tsx';
import type { ContentValues } from './content-values.ts';
import { limits } from '../../../shared/limits.ts';

/** The fields of a news item, article or report, for the add and edit pages alike. */
export function ContentFields({
  values,
  revision,
  registerLive,
  setField,
  errors,
  imageSlot,
}: {
  values: ContentValues;
  /** The form's revision (use-draft.ts): the body editors take `values` again when it changes. */
  revision: number;
  /** The form's (use-draft-form.ts): a save reads the body editors' documents at once. */
  registerLive: RegisterLive;
  setField(field: keyof ContentValues, value: string): void;
  errors: Record<string, string[]>;
  /** The image upload (needed to publish; a replacement when editing). */
  imageSlot: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const change = (field: string, value: string) => setField(field as keyof ContentValues, value);
  return (
    <>
      <FormSection title={t('form.sections.text')} description={t('form.sections.textHint')}>
        <BilingualFields
          values={values}
          onChange={change}
          errors={errors}
          pairs={[{ en: 'titleEn', fa: 'titleFa', enLabel: t('fields.titleEn'), faLabel: t('fields.titleFa'), limit: limits.title }]}
        />
        <BodyFields values={values} setField={setField} errors={errors} revision={revision} registerLive={registerLive} />
      </FormSection>

      <FormSection title={t('form.sections.image')}>{imageSlot}</FormSection>
      <CoverFields values={values} setField={setField} errors={errors} />

      <FormSection title={t('form.sections.details')} description={t('form.sections.detailsHint')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={t('fields.category')}
            value={values.category}
            onChange={(value) => setField('category', value)}
            error={errors.category}
            options={[{ value: '', label: t('form.none') }, ...categories.map((value) => ({ value, label: t(`categories.${value}`) }))]}
          />
          <SelectField
            label={t('fields.country')}
            value={values.country}
            onChange={(value) => setField('country', value)}
            error={errors.country}
            options={[{ value: '', label: t('form.none') }, ...countries.map((value) => ({ value, label: t(`countries.${value}`) }))]}
          />
        </div>
      </FormSection>

      <FormSection title={t('form.sections.media')} description={t('form.sections.mediaHint')}>
        <TextField
          label={t('fields.link')}
          type="url"
          dir="ltr"
          value={values.link}
          onChange={(value) => setField('link', value)}
          error={errors['media.0.link'] ?? errors.link}
          hint={t('form.linkHint')}
          name="link"
          limit={limits.url}
        />
        <BilingualFields
          values={values}
          onChange={change}
          errors={{
            mediaTitleEn: errors['media.0.titleEn'] ?? [],
            mediaTitleFa: errors['media.0.titleFa'] ?? [],
            mediaDescriptionEn: errors['media.0.descriptionEn'] ?? [],
            mediaDescriptionFa: errors['media.0.descriptionFa'] ?? [],
          }}
          pairs={[
            { en: 'mediaTitleEn', fa: 'mediaTitleFa', enLabel: t('fields.mediaTitleEn'), faLabel: t('fields.mediaTitleFa'), limit: limits.title },
            {
              en: 'mediaDescriptionEn',
              fa: 'mediaDescriptionFa',
              enLabel: t('fields.mediaDescriptionEn'),
              faLabel: t('fields.mediaDescriptionFa'),
              limit: limits.shortText,
              multiline: true,
              rows: 3,
            },
          ]}
        />
      </FormSection>

      <AddressFields values={values} setField={setField} errors={errors} titles={{ en: values.titleEn, fa: values.titleFa }} />
      <PublicationSection values={values} setField={setField} errors={errors} />
    </>
  );
}
