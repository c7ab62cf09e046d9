import type { Language } from '../../shared/locale.ts';
import { plainInteger, plainLongDate, plainYearOf } from './plain-format.ts';

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

/** The forms public pages show, without Intl (plain-format.ts says why); null for any other. */
function plainDate(ms: number, language: Language, options: Intl.DateTimeFormatOptions): string | null {
  const zone = options.timeZone;
  if (zone !== undefined && zone !== 'UTC') return null;
  let asked = 0;
  for (const key in options) if (key !== 'timeZone' && options[key as keyof Intl.DateTimeFormatOptions] !== undefined) asked++;
  if (asked !== 1) return null;
  if (options.dateStyle === 'long') return plainLongDate(ms, language, zone === 'UTC');
  if (options.year === 'numeric') return plainYearOf(ms, language, zone === 'UTC');
  return null;
}

/** A date in the reader's calendar: Solar Hijri with Persian digits in Persian. */
export function formatDate(date: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const ms = new Date(date).getTime();
  return plainDate(ms, language, options) ?? formatWithIntl(ms, language, options);
}

function formatWithIntl(ms: number, language: Language, options: Intl.DateTimeFormatOptions): string {
  return cached(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locales[language], options)).format(ms);
}

export function formatDateTime(date: Date | string | number, language: Language): string {
  return formatDate(date, language, { dateStyle: 'long', timeStyle: 'short' });
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * When a visitor's story, message or subscription arrived, as precisely as the site keeps it
 * (the UTC day, or the hour: SECURITY.md): a whole UTC day as its date alone, in UTC, so no zone
 * turns its midnight into the evening before; a whole hour as the hour it spans in the editor's
 * zone; anything else (an editor's own action, a time kept before this rule) to the minute.
 * `timeZone` is the browser's unless given.
 */
export function formatKeptTime(date: Date | string | number, language: Language, timeZone?: string): string {
  const ms = new Date(date).getTime();
  if (ms % DAY_MS === 0) return formatDate(ms, language, { dateStyle: 'long', timeZone: 'UTC' });
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short', timeZone };
  const format = cached(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locales[language], options));
  return ms % HOUR_MS === 0 ? format.formatRange(ms, ms + HOUR_MS) : format.format(ms);
}

/** The date alone of such a time, for list columns: a whole UTC day is read in UTC, as above. */
export function formatKeptDate(date: Date | string | number, language: Language, timeZone?: string): string {
  const ms = new Date(date).getTime();
  return formatDate(ms, language, { dateStyle: 'long', timeZone: ms % DAY_MS === 0 ? 'UTC' : timeZone });
}

export function formatNumber(value: number, language: Language): string {
  return plainInteger(value, language) ?? cached(`number ${language}`, () => new Intl.NumberFormat(locales[language])).format(value);
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago a publication was, as of `now`: "3 days ago" / "۳ روز پیش", in the largest unit
 * that has fully passed; "now" / "اکنون" within its first minute (no seconds, which no page could
 * keep correct without redrawing every second). A time ahead of `now` (a reader's clock running
 * late) is "now" too. Only for a page on the screen: `now` comes from useClock (lib/use-clock.ts),
 * never from the server's render, which caches and browsers keep (decision 021).
 */
export function formatRelative(date: Date | string | number, language: Language, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(date).getTime()) / 1000));
  const format = cached(`relative ${language}`, () => new Intl.RelativeTimeFormat(locales[language], { numeric: 'auto' }));
  for (const [unit, size] of units) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
