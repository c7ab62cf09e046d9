import { useEffect, useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { canPublish } from '../../../../shared/roles.ts';
import { publicationStatuses } from '../../../../shared/schemas/editorial.ts';
import { editorTimeZones, formatInZone, zoneDisplayName, zonedToInstant } from '../../../../shared/time-zones.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useAdminUser } from '../admin-session.tsx';
import { SelectField } from '../form-controls.tsx';
import { DateTimeFields } from './date-time-fields.tsx';
import { rememberTimeZone, type EditorialValues } from './editorial-values.ts';

/**
 * Draft, scheduled (with a time in the editor's zone) or published; a draft may be sent for review.
 * A writer has only the draft: she saves it and sends it for review, an editor publishes it.
 */
export function PublicationFields({
  values,
  setField,
  errors,
}: {
  values: EditorialValues;
  setField(field: keyof EditorialValues, value: string): void;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const id = useId();
  const zones = [...new Set([...editorTimeZones, values.timeZone])];
  const moment = values.publishAt ? zonedToInstant(values.publishAt, values.timeZone) : null;
  const error = errors.publishAt ?? errors.status;
  const publishes = canPublish(useAdminUser().role);
  const statuses = publishes ? publicationStatuses : (['draft'] as const);
  // Zones by the name of their city in the editor's language; another zone by the name Intl gives it.
  const zoneLabel = (zone: string) => t(`publication.zones.${zone}`, { defaultValue: zoneDisplayName(zone, language) });
  // A writer's form starts (or was restored from a saved draft) as something she may not save.
  useEffect(() => {
    if (!publishes && values.status !== 'draft') setField('status', 'draft');
  }, [publishes, values.status, setField]);
  return (
    <div className="grid gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-800">{t('publication.status')}</legend>
        {publishes ? null : <p className="mb-2 text-sm text-stone-600">{t('review.writerDraftOnly')}</p>}
        <div className="grid gap-2 sm:grid-cols-3">
          {statuses.map((status) => (
            <label
              key={status}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-stone-300 p-3 has-checked:border-plum-600 has-checked:bg-plum-50"
            >
              <input
                type="radio"
                name={`${id}-status`}
                value={status}
                checked={values.status === status}
                onChange={() => setField('status', status)}
                className="mt-1 accent-plum-700"
                data-testid={`status-${status}`}
              />
              <span>
                <span className="block text-sm font-semibold">{t(`publication.${status}`)}</span>
                <span className="block text-xs text-stone-600">{t(`publication.${status}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {values.status === 'draft' ? (
        <label className="flex cursor-pointer items-start gap-2 rounded-lg border border-stone-300 p-3 has-checked:border-amber-500 has-checked:bg-amber-50">
          <input
            type="checkbox"
            checked={values.forReview === 'on'}
            onChange={(event) => setField('forReview', event.target.checked ? 'on' : '')}
            className="mt-1 accent-plum-700"
            data-testid="for-review"
          />
          <span>
            <span className="block text-sm font-semibold">{t('review.send')}</span>
            <span className="block text-xs text-stone-600">{t('review.sendHint')}</span>
          </span>
        </label>
      ) : null}
      {values.status === 'scheduled' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <DateTimeFields
              value={values.publishAt}
              onChange={(value) => setField('publishAt', value)}
              language={language}
              legend={t('fields.publishAt')}
              invalid={Boolean(error?.length)}
              describedBy={`${id}-when`}
            />
            <p id={`${id}-when`} className="mt-1 text-xs text-stone-600" data-testid="publish-at-shown" aria-live="polite">
              {moment ? t('publication.willPublish', { date: `${formatInZone(moment, values.timeZone, language)} (${zoneLabel(values.timeZone)})` }) : ''}
            </p>
          </div>
          <SelectField
            label={t('fields.timeZone')}
            value={values.timeZone}
            onChange={(zone) => {
              rememberTimeZone(zone);
              setField('timeZone', zone);
            }}
            options={zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
          />
        </div>
      ) : null}
      {error?.length ? <p className="text-sm text-red-700">{error.join(' ')}</p> : null}
    </div>
  );
}
