import type { Language } from '../../../shared/locale.ts';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { useClock } from '../../lib/use-clock.ts';
import { useLanguage } from '../../lib/use-language.ts';

interface Props {
  date: Date | string;
  /** Once the page is on the screen with scripts, say how long ago it was ("3 hours ago"), kept current. */
  relative?: boolean;
  className?: string;
}

/**
 * A publication date in the reader's calendar (Solar Hijri with Persian digits in Persian), in a
 * <time> element. The server's HTML always states the date: it is cached, kept by browsers and read
 * without scripts, so a relative time written there would go stale ("35 seconds ago" hours later).
 */
export function DateLine({ date, relative = false, className = 'text-sm text-stone-600' }: Props) {
  const { language } = useLanguage();
  const value = new Date(date);
  const full = formatDate(value, language);
  if (relative) return <RelativeDate value={value} full={full} language={language} className={className} />;
  return (
    // The server's zone can put a date on another day than the browser's: the server's date is kept.
    <time dateTime={value.toISOString()} className={className} suppressHydrationWarning>
      {full}
    </time>
  );
}

/** The date while the page is rendered and hydrated; then the time since, brought up to date by the page's one clock, with the date as its tooltip. */
function RelativeDate({ value, full, language, className }: { value: Date; full: string; language: Language; className: string }) {
  const now = useClock();
  return (
    <time dateTime={value.toISOString()} title={now === null ? undefined : full} className={className} suppressHydrationWarning>
      {now === null ? full : formatRelative(value, language, now)}
    </time>
  );
}
