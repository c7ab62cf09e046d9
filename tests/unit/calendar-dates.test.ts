import { describe, expect, it } from 'vitest';
import { daysInMonth, fromGregorian, monthNames, toGregorian } from '../../src/shared/calendar-dates.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('Solar Hijri dates', () => {
  it('are converted both ways on known days', () => {
    // Nowruz 1405 is 21 March 2026; 10 Azar 1405 is 1 December 2026; Nowruz 1404 was 21 March 2025.
    expect(fromGregorian(2026, 3, 21, 'persian')).toEqual({ year: 1405, month: 1, day: 1 });
    expect(toGregorian({ year: 1405, month: 9, day: 10 }, 'persian')).toEqual({ year: 2026, month: 12, day: 1 });
    expect(toGregorian({ year: 1404, month: 1, day: 1 }, 'persian')).toEqual({ year: 2025, month: 3, day: 21 });
    expect(toGregorian({ year: 1403, month: 12, day: 30 }, 'persian')).toEqual({ year: 2025, month: 3, day: 20 });
  });

  it('go back to the same day for every day of thirty years', () => {
    for (let utc = Date.UTC(2000, 0, 1); utc < Date.UTC(2030, 0, 1); utc += DAY) {
      const day = new Date(utc);
      const gregorian = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
      const persian = fromGregorian(gregorian.year, gregorian.month, gregorian.day, 'persian');
      expect(toGregorian(persian, 'persian')).toEqual(gregorian);
    }
  });

  it('refuse days that do not exist, and know the length of every month', () => {
    // 1403 is a leap year (Esfand has 30 days), 1404 is not.
    expect(daysInMonth(1403, 12, 'persian')).toBe(30);
    expect(daysInMonth(1404, 12, 'persian')).toBe(29);
    expect(toGregorian({ year: 1404, month: 12, day: 30 }, 'persian')).toBeNull();
    expect(daysInMonth(1405, 6, 'persian')).toBe(31);
    expect(daysInMonth(1405, 7, 'persian')).toBe(30);
    expect(toGregorian({ year: 1405, month: 7, day: 31 }, 'persian')).toBeNull();
    expect(toGregorian({ year: 2026, month: 2, day: 29 }, 'gregory')).toBeNull();
    expect(daysInMonth(2028, 2, 'gregory')).toBe(29);
    expect(toGregorian({ year: 2026, month: 13, day: 1 }, 'persian')).toBeNull();
  });

  it('name the months in the editor’s language', () => {
    const persian = monthNames('persian', 'fa');
    expect(persian[0]).toBe('فروردین');
    expect(persian[8]).toBe('آذر');
    expect(persian[11]).toBe('اسفند');
    expect(monthNames('gregory', 'en')[10]).toBe('November');
  });
});
