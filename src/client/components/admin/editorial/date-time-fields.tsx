import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { daysInMonth, fromGregorian, monthNames, toGregorian, type CalendarName } from '../../../../shared/calendar-dates.ts';
import { localDigits } from '../../../../shared/messages.ts';
import type { Language } from '../../../../shared/locale.ts';

/** What the five selects hold, in the editor's calendar; '' while not chosen yet. */
type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
const emptyParts: Parts = { year: '', month: '', day: '', hour: '', minute: '' };

const pad = (value: number) => String(value).padStart(2, '0');
const wallPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The form's wall-clock value (Gregorian, as time-zones.ts reads it) in the calendar's parts. */
function partsOf(value: string, calendar: CalendarName): Parts {
  const match = wallPattern.exec(value);
  if (!match) return emptyParts;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = fromGregorian(year, month, day, calendar);
  return { year: String(date.year), month: String(date.month), day: String(date.day), hour: String(hour), minute: String(minute) };
}

/** The parts as the form's wall-clock value; '' while incomplete or naming no real day (31 Mehr). */
function valueOf(parts: Parts, calendar: CalendarName): string {
  if (Object.values(parts).some((part) => part === '')) return '';
  const date = toGregorian({ year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) }, calendar);
  return date ? `${date.year}-${pad(date.month)}-${pad(date.day)}T${pad(Number(parts.hour))}:${pad(Number(parts.minute))}` : '';
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * A date and time in the editor's calendar: Solar Hijri with Persian month names and digits in
 * Persian, Gregorian in English; day first, a 24-hour clock. A native datetime-local field shows
 * only the Gregorian calendar. Five labelled selects under one legend: each is reachable and named
 * for a screen reader, and a phone shows its own list for each.
 */
export function DateTimeFields({
  value,
  onChange,
  language,
  legend,
  invalid,
  describedBy,
}: {
  value: string;
  onChange(value: string): void;
  language: Language;
  legend: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const calendar: CalendarName = language === 'fa' ? 'persian' : 'gregory';
  const [parts, setParts] = useState(() => partsOf(value, calendar));
  // A value set from outside (a restored draft or revision, the other language) replaces the parts;
  // the form's own '' (parts half chosen) does not wipe what was chosen so far.
  useEffect(() => {
    if (value && value !== valueOf(parts, calendar)) setParts(partsOf(value, calendar));
  }, [value, calendar]); // eslint-disable-line react-hooks/exhaustive-deps -- parts are read, not followed
  const months = useMemo(() => monthNames(calendar, language), [calendar, language]);
  const thisYear = fromGregorian(new Date().getFullYear(), new Date().getMonth() + 1, new Date().getDate(), calendar).year;
  const years = range(Math.min(thisYear, Number(parts.year) || thisYear), Math.max(thisYear + 5, Number(parts.year) || 0));
  const lastDay = parts.year && parts.month ? daysInMonth(Number(parts.year), Number(parts.month), calendar) : 31;
  const digits = (number: number, width = 1) =>
    String(number)
      .padStart(width, '0')
      .replace(/\d/g, (digit) => localDigits(Number(digit), language));

  const change = (part: keyof Parts, next: string) => {
    const updated = { ...parts, [part]: next };
    // A day the new month or year lacks (30 Esfand of a common year) is asked again, not moved.
    if (updated.year && updated.month && Number(updated.day) > daysInMonth(Number(updated.year), Number(updated.month), calendar)) updated.day = '';
    setParts(updated);
    onChange(valueOf(updated, calendar));
  };

  const select = (part: keyof Parts, options: { value: number; label: string }[]) => (
    <div key={part} className="min-w-0">
      <label htmlFor={`${id}-${part}`} className="mb-1 block text-xs font-medium text-stone-700">
        {t(`publication.dateParts.${part}`)}
      </label>
      <select
        id={`${id}-${part}`}
        value={parts[part]}
        onChange={(event) => change(part, event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={`publish-at-${part}`}
        className={`block w-full rounded-lg border bg-white px-2 py-2 text-sm ${invalid ? 'border-red-600' : 'border-stone-300'}`}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset data-testid="publish-at" data-calendar={calendar}>
      <legend className="mb-1 text-sm font-semibold text-stone-800">
        {legend}
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="grid grid-cols-3 gap-2">
        {select(
          'day',
          range(1, lastDay).map((day) => ({ value: day, label: digits(day) })),
        )}
        {select(
          'month',
          months.map((name, index) => ({ value: index + 1, label: name })),
        )}
        {select(
          'year',
          years.map((year) => ({ value: year, label: digits(year) })),
        )}
      </div>
      {/* The time reads hour then minute in either direction, as a clock shows it. */}
      <div className="mt-2 grid grid-cols-3 gap-2">
        {select(
          'hour',
          range(0, 23).map((hour) => ({ value: hour, label: digits(hour, 2) })),
        )}
        {select(
          'minute',
          range(0, 59).map((minute) => ({ value: minute, label: digits(minute, 2) })),
        )}
      </div>
    </fieldset>
  );
}
