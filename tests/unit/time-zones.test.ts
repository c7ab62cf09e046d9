import { describe, expect, it } from 'vitest';
import { formatInZone, instantToZoned, zonedToInstant } from '../../src/shared/time-zones.ts';

describe('Times in the editor’s zone', () => {
  it('reads a wall-clock time in Tehran (UTC+3:30) and Kabul (UTC+4:30) as the right moment', () => {
    expect(zonedToInstant('2026-11-22T12:00', 'Asia/Tehran')?.toISOString()).toBe('2026-11-22T08:30:00.000Z');
    expect(zonedToInstant('2026-11-22T12:00', 'Asia/Kabul')?.toISOString()).toBe('2026-11-22T07:30:00.000Z');
    expect(zonedToInstant('2026-07-01T09:15', 'Asia/Tehran')?.toISOString()).toBe('2026-07-01T05:45:00.000Z');
    expect(zonedToInstant('2026-11-22T12:00', 'UTC')?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(zonedToInstant('22/11/2026 12:00', 'Asia/Tehran')).toBeNull();
  });

  it('shows a moment back as the same wall-clock time, crossing midnight when it must', () => {
    expect(instantToZoned(new Date('2026-11-22T08:30:00Z'), 'Asia/Tehran')).toBe('2026-11-22T12:00');
    expect(instantToZoned(new Date('2026-11-22T21:00:00Z'), 'Asia/Kabul')).toBe('2026-11-23T01:30');
    for (const zone of ['Asia/Tehran', 'Asia/Kabul', 'Europe/Berlin', 'America/New_York']) {
      expect(instantToZoned(zonedToInstant('2026-03-29T10:00', zone)!, zone)).toBe('2026-03-29T10:00');
    }
  });

  it('writes Persian dates in the Solar Hijri calendar with Persian digits, English ones in the Gregorian', () => {
    const moment = new Date('2026-11-22T08:30:00Z');
    const persian = formatInZone(moment, 'Asia/Tehran', 'fa');
    expect(persian).toContain('آذر');
    expect(persian).toContain('۱۴۰۵');
    expect(persian).toContain('۱۲:۰۰');
    expect(formatInZone(moment, 'Asia/Kabul', 'en')).toBe('22 November 2026 at 13:00');
  });
});
