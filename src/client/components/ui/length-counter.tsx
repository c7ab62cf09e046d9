import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';

/** The counter appears once a text reaches this share of its limit: quiet until it matters. */
const NEAR = 0.8;

/** Counted as the server counts: trimmed, in UTF-16 units (zod's string length). */
export const countedLength = (value: string) => value.trim().length;

export const counterId = (fieldId: string) => `${fieldId}-counter`;

/** Whether the counter of a field shows, so the field can point aria-describedby at it. */
export const counterShows = (value: string, limit: number | undefined) => limit !== undefined && countedLength(value) >= limit * NEAR;

/**
 * How many characters are left near a field's limit, and how many are too many past it. The text
 * is never cut: a pasted text stays whole and the reader decides what to shorten.
 */
export function LengthCounter({ fieldId, value, limit, onDark = false }: { fieldId: string; value: string; limit: number | undefined; onDark?: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (!counterShows(value, limit) || limit === undefined) return null;
  const left = limit - countedLength(value);
  const count = Math.abs(left);
  const text = t(left < 0 ? 'counter.over' : 'counter.remaining', { count, formatted: formatNumber(count, language), max: formatNumber(limit, language) });
  return (
    <p
      id={counterId(fieldId)}
      aria-live="polite"
      className={`mt-1 text-xs ${left < 0 ? 'font-semibold' : ''} ${onDark ? 'text-white' : left < 0 ? 'text-red-800' : 'text-stone-600'}`}
      data-testid="length-counter"
    >
      {text}
    </p>
  );
}

/**
 * The text of a field the browser keeps (a search box with a default value), followed as it is
 * typed, for its counter: a search box is never cut by `maxLength` either. A new `from` (the
 * address's query after Back or Clear) starts again from it.
 */
export function useTypedText(from: string, limit: number) {
  const [typed, setTyped] = useState({ from, value: from });
  const value = typed.from === from ? typed.value : from;
  return {
    value,
    tooLong: countedLength(value) > limit,
    onInput: (event: FormEvent<HTMLInputElement>) => setTyped({ from, value: event.currentTarget.value }),
    describedBy: (fieldId: string) => (counterShows(value, limit) ? counterId(fieldId) : undefined),
  };
}
