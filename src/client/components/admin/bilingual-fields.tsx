import { useTranslation } from '../../lib/use-translation.ts';
import { TextArea, TextField } from './form-controls.tsx';

interface BilingualPair {
  /** Field names of the English and Persian versions. */
  en: string;
  fa: string;
  /** Labels (already translated). */
  enLabel: string;
  faLabel: string;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  /** The schema's maximum length of both versions. */
  limit?: number;
  /** Per language: what an empty field stands for, and a line under the field. */
  placeholder?: Partial<Record<'en' | 'fa', string>>;
  hint?: Partial<Record<'en' | 'fa', string>>;
}

/**
 * The English and Persian versions side by side on wide screens (stacked on phones), each typed
 * in its own direction so Persian text never fights a left-to-right box.
 */
export function BilingualFields({
  pairs,
  values,
  onChange,
  errors,
}: {
  pairs: BilingualPair[];
  values: Record<string, string>;
  onChange(field: string, value: string): void;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {(['en', 'fa'] as const).map((language) => (
        <div key={language} className="grid content-start gap-5" lang={language}>
          <p className="-mb-2 text-xs font-semibold tracking-wide text-plum-700 uppercase">{t(`form.version.${language}`)}</p>
          {pairs.map((pair) => {
            const field = pair[language];
            const common = {
              label: language === 'en' ? pair.enLabel : pair.faLabel,
              value: values[field] ?? '',
              onChange: (value: string) => onChange(field, value),
              error: errors[field],
              required: pair.required,
              dir: language === 'fa' ? ('rtl' as const) : ('ltr' as const),
              name: field,
              limit: pair.limit,
              placeholder: pair.placeholder?.[language],
              hint: pair.hint?.[language],
            };
            return pair.multiline ? <TextArea key={field} rows={pair.rows ?? 7} {...common} /> : <TextField key={field} {...common} />;
          })}
        </div>
      ))}
    </div>
  );
}
