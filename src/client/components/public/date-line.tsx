import { formatDate, formatRelative } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';

/**
 * A publication date in the reader's calendar (Solar Hijri with Persian digits in Persian), with
 * the relative time ("3 days ago") when `relative` is set. The full date stays in the tooltip.
 */
export function DateLine({ date, relative = false, className = 'text-sm text-stone-600' }: { date: Date | string; relative?: boolean; className?: string }) {
  const { language } = useLanguage();
  const value = new Date(date);
  const full = formatDate(value, language);
  return (
    // A relative time can differ by a second between the server's render and the browser's.
    <time dateTime={value.toISOString()} title={full} className={className} suppressHydrationWarning>
      {relative ? formatRelative(value, language) : full}
    </time>
  );
}
