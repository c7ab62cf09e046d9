import { useTranslation } from '../../../lib/use-translation.ts';
import { MAX_SUBJECT_LENGTH } from '../../../../shared/schemas/newsletter.ts';
import { BilingualFields } from '../bilingual-fields.tsx';
import { BodyFields } from '../editorial/editorial-sections.tsx';
import { FormSection } from '../form-controls.tsx';
import type { RegisterLive } from '../use-draft-form.tsx';
import type { EditionValues } from './edition-values.ts';
import { ItemPicker, type PickableItem } from './item-picker.tsx';

/** A newsletter's fields, for the new and the edit page alike: subjects and messages per language, then the items to list. */
export function EditionFields({
  values,
  revision,
  registerLive,
  setField,
  errors,
  listed,
}: {
  values: EditionValues;
  revision: number;
  registerLive: RegisterLive;
  setField(field: keyof EditionValues, value: string): void;
  errors: Record<string, string[]>;
  listed?: PickableItem[];
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <FormSection title={t('newsletters.sections.message')} description={t('newsletters.sections.messageHint')}>
        <BilingualFields
          values={values}
          onChange={(field, value) => setField(field as keyof EditionValues, value)}
          errors={errors}
          pairs={[
            {
              en: 'subjectEn',
              fa: 'subjectFa',
              enLabel: t('newsletters.fields.subjectEn'),
              faLabel: t('newsletters.fields.subjectFa'),
              limit: MAX_SUBJECT_LENGTH,
            },
          ]}
        />
        <BodyFields
          values={values}
          setField={setField}
          errors={errors}
          revision={revision}
          registerLive={registerLive}
          pictures={false}
          labels={{ en: t('newsletters.fields.bodyEn'), fa: t('newsletters.fields.bodyFa') }}
        />
      </FormSection>
      <FormSection title={t('newsletters.sections.items')} description={t('newsletters.sections.itemsHint')}>
        <ItemPicker value={values.itemIds} onChange={(value) => setField('itemIds', value)} listed={listed} error={errors.itemIds} />
      </FormSection>
    </>
  );
}
