/**
 * Text-direction controls in text that people send us. An override (LRO U+202D, RLO U+202E) makes
 * "Eve <RLO>evil.exe" read "Eve exe.live" even inside an isolated element, so overrides are always
 * removed. Embeddings (LRE U+202A, RLE U+202B, closed by PDF U+202C) and isolates (LRI U+2066,
 * RLI U+2067, FSI U+2068, closed by PDI U+2069) are kept only in closed pairs within a paragraph:
 * an unclosed one would change the direction of whatever the page prints after it. The marks
 * Persian writing needs (ZWNJ U+200C, ZWJ U+200D, LRM U+200E, RLM U+200F, ALM U+061C) stay.
 */
const OVERRIDES = new Set(['\u202D', '\u202E']);
const EMBEDDINGS = new Set(['\u202A', '\u202B']);
const ISOLATES = new Set(['\u2066', '\u2067', '\u2068']);
const PDF = '\u202C';
const PDI = '\u2069';
/** Paragraph separators in the Unicode bidirectional algorithm: every open embedding ends there. */
const PARAGRAPH_END = new Set(['\n', '\r', '\u001C', '\u001D', '\u001E', '\u0085', '\u2029']);
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export function stripBidiOverrides(text: string): string {
  if (!CONTROLS.test(text)) return text;
  const chars = Array.from(text);
  const drop = new Set<number>();
  let open: { index: number; isolate: boolean }[] = [];
  const closeParagraph = () => {
    for (const opener of open) drop.add(opener.index);
    open = [];
  };
  chars.forEach((char, index) => {
    if (OVERRIDES.has(char)) drop.add(index);
    else if (EMBEDDINGS.has(char) || ISOLATES.has(char)) open.push({ index, isolate: ISOLATES.has(char) });
    else if (char === PDF) {
      // A PDF closes the innermost embedding, never across an isolate boundary.
      if (open.length && !open.at(-1)!.isolate) open.pop();
      else drop.add(index);
    } else if (char === PDI) {
      const at = open.findLastIndex((opener) => opener.isolate);
      if (at === -1) drop.add(index);
      else {
        // Embeddings left open inside the isolate would end with it; drop them so each kept control is paired.
        for (const opener of open.slice(at + 1)) drop.add(opener.index);
        open = open.slice(0, at);
      }
    } else if (PARAGRAPH_END.has(char)) closeParagraph();
  });
  closeParagraph();
  return chars.filter((_, index) => !drop.has(index)).join('');
}

/** First strong isolate around text printed where no element can isolate it (a page title, a plain-text line). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Direction marks, embeddings, overrides and isolates (ALM U+061C, LRM, RLM, U+202A–U+202E, U+2066–U+2069). */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for places that show it without our markup: share previews, the tab title, feed readers,
 * search engines. They print the invisible controls as boxes or strip them unevenly, and they lay the
 * text out themselves, so the plain letters are what we give them (ZWNJ and ZWJ are letters' business and stay).
 */
export function plainText(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '');
}
