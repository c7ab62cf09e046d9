import { describe, expect, it } from 'vitest';
import { formatKeptDate, formatKeptTime } from '../../src/client/lib/format.ts';

const day = Date.UTC(2026, 10, 25);
const hour = Date.UTC(2026, 10, 25, 10);
const exact = Date.UTC(2026, 10, 25, 10, 17, 42, 301);

describe('a visitor’s arrival, shown as precisely as it is kept', () => {
  it('shows a day as its date alone, the same date in every zone (no midnight moved to the day before)', () => {
    for (const zone of ['America/New_York', 'Asia/Tehran', 'Asia/Kabul', 'UTC']) {
      expect(formatKeptTime(day, 'en', zone), zone).toBe('25 November 2026');
      expect(formatKeptDate(day, 'en', zone), zone).toBe('25 November 2026');
    }
    // In the Persian calendar, with Persian digits, and no time either.
    expect(formatKeptTime(day, 'fa', 'America/New_York')).toBe(formatKeptTime(day, 'fa', 'Asia/Kabul'));
    expect(formatKeptTime(day, 'fa', 'Asia/Tehran')).toMatch(/^[۰-۹]+ آذر [۰-۹]+$/);
  });

  it('shows an hour as the hour it spans, in the editor’s zone', () => {
    expect(formatKeptTime(hour, 'en', 'Asia/Tehran')).toMatch(/25 November 2026.*13:30\s*–\s*14:30/);
    expect(formatKeptTime(hour, 'en', 'UTC')).toMatch(/10:00\s*–\s*11:00/);
    expect(formatKeptTime(hour, 'fa', 'Asia/Tehran')).toMatch(/۱۳:۳۰.*۱۴:۳۰/);
  });

  it('shows anything else (an editor’s own action) to the minute, as before', () => {
    expect(formatKeptTime(exact, 'en', 'Asia/Tehran')).toMatch(/25 November 2026.*13:47/);
    expect(formatKeptDate(exact, 'en', 'Asia/Tehran')).toBe('25 November 2026');
  });
});
