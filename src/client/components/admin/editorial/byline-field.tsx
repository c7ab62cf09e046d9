import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { bylines } from '../../../../shared/schemas/editorial.ts';
import type { EditorialValues } from './editorial-values.ts';

/**
 * Whose name readers see under the item: its author's public name (a pen name if she chose one,
 * set on her account page) or only the newsroom's, for a writer who must not sign.
 */
export function BylineField({ values, setField }: { values: EditorialValues; setField(field: keyof EditorialValues, value: string): void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-800">{t('byline.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {bylines.map((byline) => (
          <label
            key={byline}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-stone-300 p-3 has-checked:border-plum-600 has-checked:bg-plum-50"
          >
            <input
              type="radio"
              name={`${id}-byline`}
              value={byline}
              checked={values.byline === byline}
              onChange={() => setField('byline', byline)}
              className="mt-1 accent-plum-700"
              data-testid={`byline-${byline}`}
            />
            <span>
              <span className="block text-sm font-semibold">{t(`byline.${byline}`)}</span>
              <span className="block text-xs text-stone-600">{t(`byline.${byline}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
