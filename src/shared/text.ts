/** Where one word ends and the next begins: white space, but not a no-break space, which binds its neighbours. */
const SPACE = /[^\S\u00a0\u2007\u202f\ufeff]/;
/** Punctuation that only separates what follows (a full stop, comma, colon, semicolon; Persian too): the ellipsis replaces it. */
const SEPARATOR = /[.,;:\u060c\u061b\u06d4]/;

/**
 * The one way the site shortens a text for display (card previews and titles, feeds, the editors'
 * lists): at most `max` characters (code points, so Persian letters and emoji stay whole), the
 * ellipsis included; the whole text when it fits, otherwise cut after the last whole word that fits
 * and ended with '…' (which takes the place of a full stop or comma there: "schools…", not
 * "schools.…"). Words end at white space only: a zero-width non-joiner (می‌خواهند) is inside its
 * word. A single word longer than the limit is cut where the limit falls. It walks UTF-16 units
 * rather than splitting into characters: list pages call it for every card in both languages.
 */
export function excerpt(text: string | null | undefined, max: number): string {
  if (!text) return '';
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
  while (end > 1 && SEPARATOR.test(text[end - 1]!) && !SEPARATOR.test(text[end - 2]!)) end--;
  return text.slice(0, end) + '…';
}
