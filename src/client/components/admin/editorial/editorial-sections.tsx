import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { BilingualFields } from '../bilingual-fields.tsx';
import { FormSection } from '../form-controls.tsx';
import type { RegisterLive } from '../use-draft-form.tsx';
import { editorialLimits } from '../../../../shared/schemas/editorial.ts';
import { slugify } from '../../../../shared/slugs.ts';
import type { EditorialValues } from './editorial-values.ts';
import { BylineField } from './byline-field.tsx';
import { PublicationFields } from './publication-fields.tsx';

interface SectionProps {
  values: EditorialValues;
  setField(field: keyof EditorialValues, value: string): void;
  errors: Record<string, string[]>;
}

// The editor (ProseMirror) is the heaviest part of the panel: it loads with the first form that needs it.
const RichTextEditor = lazy(() => import('../rich-text/rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })));

/**
 * The bodies, English left to right and Persian right to left, side by side on wide screens. Each
 * editor owns its document while shown; `registerLive` (the form's) lets a save read it at once.
 */
export function BodyFields({
  values,
  setField,
  errors,
  revision,
  registerLive,
  pictures,
  labels,
}: {
  values: Pick<EditorialValues, 'bodyEn' | 'bodyFa'>;
  setField(field: 'bodyEn' | 'bodyFa', value: string): void;
  errors: Record<string, string[]>;
  revision: number;
  registerLive: RegisterLive;
  /** False: the editors offer no pictures (a newsletter). */
  pictures?: boolean;
  /** The editors' labels, where the form's own words fit better than "Text (English)". */
  labels?: Record<'en' | 'fa', string>;
}) {
  const { t } = useTranslation('admin');
  const registerEn = useCallback((read: () => string) => registerLive('bodyEn', read), [registerLive]);
  const registerFa = useCallback((read: () => string) => registerLive('bodyFa', read), [registerLive]);
  return (
    <Suspense fallback={<div className="h-56 animate-pulse rounded-lg bg-stone-100 motion-reduce:animate-none" />}>
      <div className="grid gap-5 xl:grid-cols-2">
        {(['en', 'fa'] as const).map((language) => {
          const field = language === 'en' ? 'bodyEn' : 'bodyFa';
          const description = language === 'en' ? 'descriptionEn' : 'descriptionFa';
          return (
            <RichTextEditor
              key={language}
              name={field}
              language={language}
              label={labels?.[language] ?? t(`fields.${field}`)}
              pictures={pictures}
              value={values[field]}
              revision={revision}
              onChange={(value) => setField(field, value)}
              register={language === 'en' ? registerEn : registerFa}
              error={errors[field] ?? errors[description] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1]}
            />
          );
        })}
      </div>
    </Suspense>
  );
}

/** What the cover says to readers who cannot see it, and what appears under it. */
export function CoverFields({ values, setField, errors }: SectionProps) {
  const { t } = useTranslation('admin');
  return (
    <FormSection title={t('form.sections.cover')} description={t('form.sections.coverHint')}>
      <BilingualFields
        values={values as unknown as Record<string, string>}
        onChange={(field, value) => setField(field as keyof EditorialValues, value)}
        errors={errors}
        pairs={[
          {
            en: 'coverAltEn',
            fa: 'coverAltFa',
            enLabel: t('fields.coverAltEn'),
            faLabel: t('fields.coverAltFa'),
            limit: editorialLimits.alt,
          },
          {
            en: 'coverCaptionEn',
            fa: 'coverCaptionFa',
            enLabel: t('fields.coverCaptionEn'),
            faLabel: t('fields.coverCaptionFa'),
            limit: editorialLimits.caption,
          },
          { en: 'coverCredit', fa: 'coverCreditFa', enLabel: t('fields.coverCreditEn'), faLabel: t('fields.coverCreditFa'), limit: editorialLimits.credit },
        ]}
      />
    </FormSection>
  );
}

/**
 * The readable part of the item's address per language, and what search engines and share cards
 * show. Both may stay empty: the slug is then the title's (shown as the placeholder), the
 * description the text's start. A slug as typed is shown as it will read (`Women Teachers!` reads
 * `women-teachers`), by the function the server stores it with.
 */
export function AddressFields({ values, setField, errors, titles }: SectionProps & { titles: Record<'en' | 'fa', string> }) {
  const { t } = useTranslation('admin');
  const fromTitle = { en: slugify(titles.en || titles.fa), fa: slugify(titles.fa || titles.en) };
  const slugHint = (written: string) => {
    const slug = slugify(written);
    // Isolated: a Persian slug inside an English sentence (or the reverse) keeps its own order.
    return written.trim() && slug ? t('form.slugPreview', { slug: `\u2068${slug}\u2069` }) : t('form.slugFromTitle');
  };
  return (
    <FormSection title={t('form.sections.address')} description={t('form.sections.addressHint')}>
      <BilingualFields
        values={values as unknown as Record<string, string>}
        onChange={(field, value) => setField(field as keyof EditorialValues, value)}
        errors={errors}
        pairs={[
          {
            en: 'slugEn',
            fa: 'slugFa',
            enLabel: t('fields.slugEn'),
            faLabel: t('fields.slugFa'),
            limit: editorialLimits.slug,
            placeholder: fromTitle,
            hint: { en: slugHint(values.slugEn), fa: slugHint(values.slugFa) },
          },
          {
            en: 'summaryEn',
            fa: 'summaryFa',
            enLabel: t('fields.summaryEn'),
            faLabel: t('fields.summaryFa'),
            limit: editorialLimits.summary,
            multiline: true,
            rows: 3,
          },
        ]}
      />
    </FormSection>
  );
}

export function PublicationSection(props: SectionProps) {
  const { t } = useTranslation('admin');
  return (
    <FormSection title={t('form.sections.publication')} description={t('form.sections.publicationHint')}>
      <PublicationFields {...props} />
      <BylineField values={props.values} setField={props.setField} />
    </FormSection>
  );
}
