import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatNumber } from '../../src/client/lib/format.ts';
import { plainInteger, plainLongDate, plainYearOf, solarHijriOf } from '../../src/client/lib/plain-format.ts';

const DAY_MS = 86_400_000;
const intlLocale = { en: 'en-GB', fa: 'fa-IR-u-ca-persian-nu-arabext' } as const;
const languages = ['en', 'fa'] as const;

describe('dates written without Intl', () => {
  it('name the same day as ICU for every day from 1900 to 2150, in both languages, written plainly until 2122', () => {
    const long = Object.fromEntries(
      languages.map((language) => [language, new Intl.DateTimeFormat(intlLocale[language], { dateStyle: 'long', timeZone: 'UTC' })]),
    );
    const year = Object.fromEntries(
      languages.map((language) => [language, new Intl.DateTimeFormat(intlLocale[language], { year: 'numeric', timeZone: 'UTC' })]),
    );
    const mismatches: string[] = [];
    const lastPlain = Date.UTC(2123, 0, 1);
    // An hour before midnight: the UTC day, not the next one, is the one written.
    for (let ms = Date.UTC(1900, 0, 1) + 23 * 3_600_000; ms < Date.UTC(2151, 0, 1); ms += DAY_MS) {
      const day = new Date(ms).toISOString().slice(0, 10);
      for (const language of languages) {
        if (formatDate(ms, language, { dateStyle: 'long', timeZone: 'UTC' }) !== long[language]!.format(ms)) mismatches.push(`${language} ${day}`);
        if (formatDate(ms, language, { year: 'numeric', timeZone: 'UTC' }) !== year[language]!.format(ms)) mismatches.push(`${language} year ${day}`);
        if (ms < lastPlain && (plainLongDate(ms, language, true) === null || plainYearOf(ms, language, true) === null))
          mismatches.push(`${language} not plain ${day}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('agree with the Persian calendar on known days', () => {
    expect(solarHijriOf(2026, 12, 3)).toEqual({ year: 1405, month: 9, day: 12 });
    expect(solarHijriOf(2025, 3, 21)).toEqual({ year: 1404, month: 1, day: 1 });
    // 1403 is a leap year: 30 Esfand is 20 March 2025.
    expect(solarHijriOf(2025, 3, 20)).toEqual({ year: 1403, month: 12, day: 30 });
    expect(formatDate(Date.UTC(2026, 11, 3, 12), 'fa', { dateStyle: 'long', timeZone: 'UTC' })).toBe('۱۲ آذر ۱۴۰۵');
    expect(formatDate(Date.UTC(2026, 11, 3, 12), 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('3 December 2026');
  });

  describe('in a zone of their own', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('take the day of the zone the process runs in, as Intl does without a zone', () => {
      for (const name of ['Asia/Tehran', 'Asia/Kabul', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = name;
        const intl = Object.fromEntries(languages.map((language) => [language, new Intl.DateTimeFormat(intlLocale[language], { dateStyle: 'long' })]));
        for (let ms = Date.UTC(2019, 0, 1, 7, 30); ms < Date.UTC(2027, 0, 1); ms += DAY_MS / 4 + 3_600_000) {
          for (const language of languages) expect(`${name} ${plainLongDate(ms, language, false)}`).toBe(`${name} ${intl[language]!.format(ms)}`);
        }
      }
    });
  });

  it('leave every other form, and dates they cannot write, to Intl', () => {
    const ms = Date.UTC(2026, 11, 3, 14, 5);
    const withTime = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } as const;
    expect(formatDate(ms, 'en', withTime)).toBe(new Intl.DateTimeFormat('en-GB', withTime).format(ms));
    const elsewhere = { dateStyle: 'long', timeZone: 'Asia/Tehran' } as const;
    expect(formatDate(ms, 'fa', elsewhere)).toBe(new Intl.DateTimeFormat(intlLocale.fa, elsewhere).format(ms));
    expect(plainLongDate(Date.UTC(99, 0, 1) - 1900 * 365 * DAY_MS, 'en', true)).toBeNull();
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });
});

describe('whole numbers written without Intl', () => {
  it('are grouped and written with the digits ICU gives', () => {
    const intl = Object.fromEntries(languages.map((language) => [language, new Intl.NumberFormat(intlLocale[language])]));
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 123_456, 1_000_000, 987_654_321, Number.MAX_SAFE_INTEGER];
    for (let index = 0; index < 2000; index++) values.push(Math.floor(Math.random() * 10 ** (1 + (index % 15))));
    for (const value of values) for (const language of languages) expect(plainInteger(value, language)).toBe(intl[language]!.format(value));
  });

  it('leave fractions, negative and unsafe numbers to Intl', () => {
    for (const value of [1.5, -3, -0, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(plainInteger(value, 'fa')).toBeNull();
      expect(formatNumber(value, 'fa')).toBe(new Intl.NumberFormat(intlLocale.fa).format(value));
    }
  });
});

describe('the forms public pages show', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never make an Intl formatter', () => {
    const refuse = () => {
      throw new Error('Intl was asked');
    };
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(refuse);
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(refuse);
    const ms = Date.UTC(2026, 11, 3, 12);
    for (const language of languages) {
      expect(formatDate(ms, language)).not.toBe('');
      expect(formatDate(ms, language, { dateStyle: 'long', timeZone: 'UTC' })).not.toBe('');
      expect(formatDate(ms, language, { year: 'numeric' })).not.toBe('');
      expect(formatNumber(12_345, language)).not.toBe('');
    }
  });
});
