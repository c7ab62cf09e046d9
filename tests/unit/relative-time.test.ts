import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../src/client/lib/format.ts';

const published = Date.parse('2026-11-26T11:05:00Z');
const after = (seconds: number) => published + seconds * 1000;

describe('formatRelative', () => {
  it('says "now" within the first minute, never counting seconds a page could not keep current', () => {
    expect(formatRelative(published, 'en', after(0))).toBe('now');
    expect(formatRelative(published, 'en', after(35))).toBe('now');
    expect(formatRelative(published, 'fa', after(59))).toBe('اکنون');
  });

  it('counts the largest unit that has fully passed', () => {
    expect(formatRelative(published, 'en', after(60))).toBe('1 minute ago');
    expect(formatRelative(published, 'en', after(6 * 60 + 59))).toBe('6 minutes ago');
    expect(formatRelative(published, 'fa', after(2 * 60))).toBe('۲ دقیقه پیش');
    expect(formatRelative(published, 'en', after(3 * 3600 + 3599))).toBe('3 hours ago');
    expect(formatRelative(published, 'en', after(2 * 86_400))).toBe('2 days ago');
    expect(formatRelative(published, 'fa', after(86_400))).toBe('دیروز');
  });

  it('reads a time ahead of the reader’s clock as "now", not "in 2 minutes"', () => {
    expect(formatRelative(published, 'en', after(-120))).toBe('now');
  });
});
