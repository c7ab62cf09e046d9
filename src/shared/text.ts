/** Cuts text to at most `max` characters (by code point, so Persian and emoji stay whole) and adds an ellipsis. */
export function truncate(text: string | null | undefined, max: number, ellipsis = '...'): string {
  if (!text) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('').trimEnd() + ellipsis;
}

const SPACE = /\s/;

/**
 * A preview of at most `max` characters, the ellipsis included (code points, like truncate): the
 * whole text when it fits, otherwise cut after the last whole word that fits and ended with '…'.
 * A single word longer than the limit is cut where the limit falls. It walks UTF-16 units rather
 * than splitting into characters: list pages call it for every card in both languages.
 */
export function excerpt(text: string, max: number): string {
  // A UTF-16 length within the limit means the code points are too (the common case: no copying).
  if (text.length <= max) return text;
  let index = 0;
  let keptEnd = 0;
  for (let count = 0; count < max; count++) {
    if (index >= text.length) return text;
    if (count === max - 1) keptEnd = index;
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  if (index >= text.length) return text;
  // The first `max - 1` characters end at keptEnd; unless a space follows them, drop the last, partial word.
  let end = keptEnd;
  if (!SPACE.test(text[keptEnd]!)) while (end > 0 && !SPACE.test(text[end - 1]!)) end--;
  while (end > 0 && SPACE.test(text[end - 1]!)) end--;
  if (end === 0) {
    end = keptEnd;
    while (end > 0 && SPACE.test(text[end - 1]!)) end--;
  }
  return text.slice(0, end) + '…';
}
