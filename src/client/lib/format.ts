import type { Language } from '../../shared/locale.ts';

const locales: Record<Language, string> = { en: 'en-GB', fa: 'fa-IR-u-ca-persian-nu-arabext' };

/**
 * Intl formatters, made once per language and options: building one costs far more than using it,
 * and a server-rendered list formats dozens of dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/** A date in the reader's calendar: Solar Hijri with Persian digits in Persian. */
export function formatDate(date: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return cached(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locales[language], options)).format(new Date(date));
}

export function formatDateTime(date: Date | string | number, language: Language): string {
  return formatDate(date, language, { dateStyle: 'long', timeStyle: 'short' });
}

export function formatNumber(value: number, language: Language): string {
  return cached(`number ${language}`, () => new Intl.NumberFormat(locales[language])).format(value);
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago" / "۳ روز پیش", choosing the largest fitting unit from year down to second. */
export function formatRelative(date: Date | string | number, language: Language, now = Date.now()): string {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  const format = cached(`relative ${language}`, () => new Intl.RelativeTimeFormat(locales[language], { numeric: 'auto' }));
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
