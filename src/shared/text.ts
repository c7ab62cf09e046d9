/** Cuts text to at most `max` characters (by code point, so Persian and emoji stay whole) and adds an ellipsis. */
export function truncate(text: string | null | undefined, max: number, ellipsis = '...'): string {
  if (!text) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('').trimEnd() + ellipsis;
}
