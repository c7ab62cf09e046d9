import { MAX_ITEM_ID } from './limits.ts';

/**
 * The readable part of an item's address (`/news/123-women-teachers`, `/news/123-معلمان-زن`),
 * docs/decisions/033. Public pages import this file: it stays free of zod, Node and the DOM.
 */

/** The longest slug, in characters (a Persian letter is 6 bytes once percent-encoded). */
export const SLUG_MAX = 80;

/** Letters written differently on Arabic keyboards, and Arabic-Indic digits, as Persian writes them. */
const persianForms: Record<string, string> = {
  '\u064a': '\u06cc', // ي → ی
  '\u0649': '\u06cc', // ى → ی
  '\u0643': '\u06a9', // ك → ک
  ...Object.fromEntries(Array.from({ length: 10 }, (_, digit) => [String.fromCharCode(0x0660 + digit), String.fromCharCode(0x06f0 + digit)])),
};
const arabicForms = /[\u064a\u0649\u0643\u0660-\u0669]/g;

/** Latin letters no decomposition takes apart. */
const latinLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th' };
/** Where Latin letters beyond a–z live (after NFKC): each becomes its base letters without accents, when that leaves a–z. */
const accentedLatin = /[\u00aa-\u02ff\u1d00-\u1eff\u2c60-\u2c7f\ua720-\ua7ff\uab30-\uab6f]/g;
const latinBase = (char: string) => {
  const base = latinLetters[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
  return /^[a-z]+$/.test(base) ? base : '-';
};
/**
 * Inside a word, never between words: combining marks (Persian and Arabic vowel signs, accents
 * left over), format characters (the zero-width non-joiner of `زن‌ها`, bidirectional controls,
 * soft hyphens), the tatweel that stretches a letter, and apostrophes (`women's` → `womens`).
 */
const insideWord = /[\p{M}\p{Cf}\u0640'’ʼ]/gu;
// Every character below U+0080 (control characters included, as the full path treats them).
// eslint-disable-next-line no-control-regex
const ascii = /^[\x00-\x7f]*$/;

/** The blocks that hold the Arabic script. */
const arabicBlocks = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x0870, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
  [0x10e60, 0x10e7f],
  [0x10ec0, 0x10eff],
  [0x1ec70, 0x1ecbf],
  [0x1ed00, 0x1ed4f],
  [0x1ee00, 0x1eeff],
] as const;
let separators: RegExp | null = null;
/**
 * Every run of what is neither a–z, 0–9 nor an Arabic-script letter or digit. The Arabic-script
 * letters and digits are listed once as ranges: a property lookup for every character
 * (`\p{Script=Arabic}`) made Persian titles ten times slower.
 */
function separatorRuns(): RegExp {
  if (separators) return separators;
  const kept = /^(?=\p{Script=Arabic})[\p{L}\p{N}]$/u;
  let ranges = '';
  for (const [from, to] of arabicBlocks)
    for (let code = from; code <= to; code++) {
      if (!kept.test(String.fromCodePoint(code))) continue;
      let last = code;
      while (last < to && kept.test(String.fromCodePoint(last + 1))) last++;
      ranges += `\\u{${code.toString(16)}}-\\u{${last.toString(16)}}`;
      code = last;
    }
  return (separators = new RegExp(`[^a-z0-9${ranges}]+`, 'gu'));
}

/**
 * A slug from a title or from what an editor typed: Latin letters lowercased and without accents,
 * Persian and Arabic letters and digits kept (Arabic ي/ى/ك and digits in their Persian forms), a
 * zero-width non-joiner dropped (it joins parts of one word; a hyphen separates words), every other
 * run of characters one hyphen, no hyphen at either end; at most `max` characters, cut after a
 * whole word when one fits. Idempotent; '' when nothing readable is left. A few whole-string passes
 * rather than a loop over characters: the sitemap makes one for every item in both languages.
 */
export function slugify(text: string, max = SLUG_MAX): string {
  const slug = (
    ascii.test(text)
      ? // The same steps, for the half of all titles that need only these.
        text
          .toLowerCase()
          .replace(/'/g, '')
          .replace(/[^a-z0-9]+/g, '-')
      : text
          .normalize('NFKC')
          .toLowerCase()
          .replace(insideWord, '')
          .replace(accentedLatin, latinBase)
          .replace(arabicForms, (char) => persianForms[char]!)
          .replace(separatorRuns(), '-')
  ).replace(/^-+|-+$/g, '');
  // Arabic-script letters are one UTF-16 unit each: a short enough string is short enough.
  if (slug.length <= max) return slug;
  const chars = [...slug];
  if (chars.length <= max) return slug;
  const cut = chars.slice(0, max + 1).join('');
  // After the last whole word that fits; a first word longer than the bound is cut at the bound.
  const end = cut.lastIndexOf('-');
  return end > 0 ? cut.slice(0, end) : chars.slice(0, max).join('');
}

/** An item's address segment: its id, then its slug (percent-encoded, as an address carries it). */
export function sluggedSegment(id: number, slug: string | null | undefined): string {
  return slug ? `${id}-${encodeURIComponent(slug)}` : String(id);
}

/**
 * The item id an address segment names: `123`, or `123-` and anything after it (any slug, right,
 * stale or made up, encoded or not); null when no item can have it. The slug plays no part in
 * finding the item, so a changed title never breaks a link.
 */
export function idOfSegment(segment: string | undefined): number | null {
  const match = segment ? /^(\d{1,15})(?:-|$)/.exec(segment) : null;
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= MAX_ITEM_ID ? id : null;
}

export interface SlugSource {
  titleEn: string;
  titleFa: string;
  /** As stored: null (or empty) while the slug follows the title. */
  slugEn: string | null;
  slugFa: string | null;
}

/**
 * An item's slug per language: the one its editors wrote, else made from its title in that
 * language (or the other one's, when it has none there, as readers are shown).
 */
export function itemSlugs(item: SlugSource): { slugEn: string; slugFa: string } {
  return {
    slugEn: item.slugEn || slugOfTitle(item.titleEn || item.titleFa),
    slugFa: item.slugFa || slugOfTitle(item.titleFa || item.titleEn),
  };
}

/** Titles whose slugs are remembered; past this the memory starts again (a few hundred KB at most). */
const TITLE_SLUGS_KEPT = 4_096;
const titleSlugs = new Map<string, string>();

/**
 * A title's slug, made once: every list and page names each item's address in both languages, and
 * making a Persian slug (normalising, folding letter forms) costs more than the rest of a card.
 */
function slugOfTitle(title: string): string {
  let slug = titleSlugs.get(title);
  if (slug === undefined) {
    if (titleSlugs.size >= TITLE_SLUGS_KEPT) titleSlugs.clear();
    titleSlugs.set(title, (slug = slugify(title)));
  }
  return slug;
}
