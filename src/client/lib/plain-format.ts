import type { Language } from '../../shared/locale.ts';

/**
 * The few forms every public page shows (a long date, a year, a whole number), written out instead
 * of asked of Intl, in the forms ICU gives for the site's locales (tests/unit/plain-format.test.ts
 * holds them to Node's ICU for every day from 1900 to 2150 and for numbers).
 *
 * Why: the first Intl formatter a process makes has V8 list every locale ICU holds, which reads
 * 5–6 MB of ICU's data into the server's memory for good (docs/benchmarks.md, seventeenth pass):
 * more than a tenth of what a page's load adds (the Persian search page's plural rules still read
 * it, through i18next, once per process). Browsers of different ICU versions also agree with
 * the server's HTML this way. Anything else (times, other zones, fractions) is still Intl's.
 */

const DAY_MS = 86_400_000;
/** The Julian day of 1 January 1970, and of 1 Farvardin of year 1 (ICU's Persian epoch). */
const UNIX_EPOCH_JULIAN_DAY = 2_440_588;
const PERSIAN_EPOCH_JULIAN_DAY = 1_948_320;
/** Days before each Solar Hijri month: six of 31 days, five of 30, Esfand of 29 or 30. */
const DAYS_BEFORE_MONTH = [0, 31, 62, 93, 124, 155, 186, 216, 246, 276, 306, 336];

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const PERSIAN_MONTHS = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'];
/** Extended Arabic-Indic digits (`nu-arabext`), as Persian writes them. */
const PERSIAN_ZERO = 0x06f0;
/** The Arabic thousands separator Persian groups digits with. */
const PERSIAN_GROUP = '\u066c';

export interface SolarHijriDate {
  year: number;
  /** 1 (Farvardin) to 12 (Esfand). */
  month: number;
  day: number;
}

/**
 * The Solar Hijri date of a Gregorian day, by ICU's arithmetic calendar (leap years in a 33-year
 * cycle), so it names the same day as every Intl date the admin panel shows (from 1200 to 1501,
 * Gregorian 1821 to March 2123; ICU departs from the cycle later).
 */
export function solarHijriOf(gregorianYear: number, gregorianMonth: number, gregorianDay: number): SolarHijriDate {
  const julianDay = Math.floor(Date.UTC(gregorianYear, gregorianMonth - 1, gregorianDay) / DAY_MS) + UNIX_EPOCH_JULIAN_DAY;
  const sinceEpoch = julianDay - PERSIAN_EPOCH_JULIAN_DAY;
  const year = 1 + Math.floor((33 * sinceEpoch + 3) / 12053);
  const dayOfYear = sinceEpoch - (365 * (year - 1) + Math.floor((8 * year + 21) / 33));
  const monthIndex = dayOfYear < 216 ? Math.floor(dayOfYear / 31) : Math.floor((dayOfYear - 6) / 30);
  return { year, month: monthIndex + 1, day: dayOfYear - DAYS_BEFORE_MONTH[monthIndex]! + 1 };
}

/** Latin digits as Persian ones. */
export function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(PERSIAN_ZERO + digit.charCodeAt(0) - 48));
}

/** A safe, non-negative whole number with its thousands grouped (`12,345`, `۱۲٬۳۴۵`); null for any other number. */
export function plainInteger(value: number, language: Language): string | null {
  // Negative zero too is Intl's (`-0`).
  if (!Number.isSafeInteger(value) || value < 0 || Object.is(value, -0)) return null;
  const grouped = String(value).replace(/\B(?=(\d{3})+$)/g, language === 'fa' ? PERSIAN_GROUP : ',');
  return language === 'fa' ? persianDigits(grouped) : grouped;
}

/** The calendar day of an instant in UTC or in the zone the process (or browser) runs in. */
function civilDay(ms: number, utc: boolean) {
  const date = new Date(ms);
  return utc
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
    : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** Years ICU writes as plainly as these forms do (four digits, no era). */
const plainYear = (year: number) => year >= 1000 && year <= 9999;
/**
 * The Solar Hijri years whose every day was checked against Node's ICU (which moves from the plain
 * 33-year cycle at the end of 1502): dates outside them are Intl's.
 */
const checkedPersianYear = (year: number) => year >= 1200 && year <= 1501;

/** `3 December 2026` / `۱۲ آذر ۱۴۰۵`: Intl's `dateStyle: 'long'` in en-GB and in fa-IR's Persian calendar; null outside the years written plainly. */
export function plainLongDate(ms: number, language: Language, utc: boolean): string | null {
  const civil = civilDay(ms, utc);
  if (!plainYear(civil.year)) return null;
  if (language === 'en') return `${civil.day} ${ENGLISH_MONTHS[civil.month - 1]} ${civil.year}`;
  const persian = solarHijriOf(civil.year, civil.month, civil.day);
  if (!checkedPersianYear(persian.year)) return null;
  return persianDigits(`${persian.day} ${PERSIAN_MONTHS[persian.month - 1]} ${persian.year}`);
}

/** The year alone (Intl's `year: 'numeric'`): Gregorian in English, Solar Hijri in Persian. */
export function plainYearOf(ms: number, language: Language, utc: boolean): string | null {
  const civil = civilDay(ms, utc);
  if (!plainYear(civil.year)) return null;
  if (language === 'en') return String(civil.year);
  const { year } = solarHijriOf(civil.year, civil.month, civil.day);
  return checkedPersianYear(year) ? persianDigits(String(year)) : null;
}
