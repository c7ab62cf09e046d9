/**
 * Calendar dates in the Solar Hijri (`persian`) or Gregorian calendar, converted with Intl alone: no
 * date library reaches either bundle, and the browser's and Node's ICU already know both calendars.
 * Only whole days: times and zones stay with time-zones.ts.
 */
export type CalendarName = 'persian' | 'gregory';

export interface CalendarDate {
  year: number;
  /** 1 to 12 (Farvardin is 1 in the Solar Hijri calendar). */
  month: number;
  day: number;
}

const DAY = 24 * 60 * 60 * 1000;

const partsFormats = new Map<CalendarName, Intl.DateTimeFormat>();
function partsOf(calendar: CalendarName): Intl.DateTimeFormat {
  let format = partsFormats.get(calendar);
  if (!format) {
    // Latin digits and UTC: the parts are read as numbers, and a day must not shift with the machine's zone.
    format = new Intl.DateTimeFormat(`en-US-u-ca-${calendar}-nu-latn`, { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
    partsFormats.set(calendar, format);
  }
  return format;
}

/** The date in `calendar` of a Gregorian day (given as its UTC midnight). */
function fromUtcDay(utc: number, calendar: CalendarName): CalendarDate {
  const parts = Object.fromEntries(
    partsOf(calendar)
      .formatToParts(new Date(utc))
      .map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Gregorian `YYYY-MM-DD` as a date of `calendar`. */
export function fromGregorian(year: number, month: number, day: number, calendar: CalendarName): CalendarDate {
  return fromUtcDay(Date.UTC(year, month - 1, day), calendar);
}

/** Days from the start of the year: every Solar Hijri month before the seventh has 31 days, the rest 30 (Esfand 29 or 30). */
const dayOfYear = (date: CalendarDate) => (date.month <= 7 ? (date.month - 1) * 31 : 186 + (date.month - 7) * 30) + date.day;

/**
 * The Gregorian day (its UTC midnight) of a date of `calendar`; null when no such day exists
 * (30 Esfand of a common year, 31 Mehr, 30 February): no step ever lands on it. Intl converts only
 * the other way, so a first estimate is corrected by the difference it shows, which settles in a step or two.
 */
function toUtcDay(date: CalendarDate, calendar: CalendarName): number | null {
  const { year, month, day } = date;
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (calendar === 'gregory') {
    const utc = Date.UTC(year, month - 1, day);
    const back = new Date(utc);
    return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? utc : null;
  }
  // 1 Farvardin falls on 20 or 21 March of the Gregorian year 621 later.
  let utc = Date.UTC(year + 621, 2, 20) + (dayOfYear(date) - 1) * DAY;
  for (let step = 0; step < 6; step += 1) {
    const found = fromUtcDay(utc, calendar);
    if (found.year === year && found.month === month && found.day === day) return utc;
    // Years counted as 365 days can miss by the leap day across Nowruz: then a single day's step.
    const off = (year - found.year) * 365 + dayOfYear(date) - dayOfYear(found);
    const later = year * 1000 + dayOfYear(date) > found.year * 1000 + dayOfYear(found);
    utc += (off === 0 ? (later ? 1 : -1) : off) * DAY;
  }
  return null;
}

/** Gregorian `{ year, month, day }` of a date of `calendar`; null when that date does not exist. */
export function toGregorian(date: CalendarDate, calendar: CalendarName): CalendarDate | null {
  const utc = toUtcDay(date, calendar);
  if (utc === null) return null;
  const back = new Date(utc);
  return { year: back.getUTCFullYear(), month: back.getUTCMonth() + 1, day: back.getUTCDate() };
}

/** How many days a month of `calendar` has (Esfand has 30 in a leap year). */
export function daysInMonth(year: number, month: number, calendar: CalendarName): number {
  for (const days of [31, 30, 29, 28]) if (toUtcDay({ year, month, day: days }, calendar) !== null) return days;
  return 28;
}

/** The month names of `calendar` in a language (Farvardin to Esfand in Persian: فروردین … اسفند). */
export function monthNames(calendar: CalendarName, locale: string): string[] {
  const format = new Intl.DateTimeFormat(`${locale}-u-ca-${calendar}`, { timeZone: 'UTC', month: 'long' });
  // The 10th of each month is safely inside it, whatever the year's leap days.
  const year = fromGregorian(2025, 6, 1, calendar).year;
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(toUtcDay({ year, month: index + 1, day: 10 }, calendar)!)));
}
