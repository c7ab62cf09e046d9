import type { Language } from './locale.ts';

/** Zones editors pick from: where the team and its readers are, and UTC. The browser's own zone is offered too. */
export const editorTimeZones = ['Asia/Tehran', 'Asia/Kabul', 'UTC'] as const;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, format);
  }
  return format;
}

/** The wall-clock fields of a moment in a zone (Gregorian). */
function wallClock(date: Date, zone: string) {
  const parts = Object.fromEntries(
    partsIn(zone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's clocks are ahead of UTC at a moment, in milliseconds. */
function offsetAt(date: Date, zone: string): number {
  const wall = wallClock(date, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(date.getTime() / 1000) * 1000;
}

/** Whether the zone is one Intl knows. */
export function isTimeZone(zone: string): boolean {
  try {
    partsIn(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The moment a wall-clock time (`2026-11-22T12:00`, as a datetime-local field gives it) names in a
 * zone; null for a malformed value. Two passes settle the offset around a daylight-saving change.
 */
export function zonedToInstant(local: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  let instant = asUtc - offsetAt(new Date(asUtc), zone);
  instant = asUtc - offsetAt(new Date(instant), zone);
  return new Date(instant);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the wall-clock value a datetime-local field shows in a zone. */
export function instantToZoned(date: Date, zone: string): string {
  const wall = wallClock(date, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * A moment for people, in a zone: Persian in the Solar Hijri calendar with Persian digits
 * (۱ آذر ۱۴۰۵، ۱۲:۰۰), English in the Gregorian one; the zone's name follows.
 */
export function formatInZone(date: Date, zone: string, language: Language): string {
  const locale = language === 'fa' ? 'fa-IR-u-ca-persian-nu-arabext' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** A zone's generic name in a language (`Central European Time`, `وقت مرکز اروپا`), never its IANA id; the id when Intl has no name. */
export function zoneDisplayName(zone: string, language: Language): string {
  try {
    const parts = new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR' : 'en-GB', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}
