/**
 * The one normalisation of text for search: the server applies it to every title and body before
 * they reach the index (as the SQL functions search_text, search_key and search_spellings) and to
 * every query before it reaches MATCH, so a reader finds what an editor typed however either
 * keyboard wrote it. Case and English stemming are left to the index's tokenizer
 * (`porter unicode61`), which treats the query the same way; the result stays readable, because
 * result snippets are cut from it.
 *
 * - Arabic and Persian forms of one letter become the Persian one (ي ى → ی, ك → ک, ة ۀ → ه,
 *   أ إ ٱ → ا, ؤ → و), Arabic presentation forms their base letters (NFKC). آ stays in the text
 *   (results are shown from it, and "اموزش" reads as a misspelling); a word with آ is also
 *   indexed and asked for with ا (alternativeSpellings, and the query's alternatives).
 * - Short-vowel marks, other Quranic marks and tatweel are removed.
 * - Persian and Arabic-Indic digits become Latin digits.
 * - A zero-width joiner typed where a non-joiner belongs becomes a non-joiner; a non-joiner that
 *   joins nothing (next to a space or punctuation) goes; the verbal prefixes می/نمی and the
 *   plural and comparative suffixes (ها، های، تر، ترین…) written with a space are attached with a
 *   non-joiner. Written with nothing, a compound is one word: the index also holds every
 *   compound joined (alternativeSpellings), and a query compound matches either form.
 * - Pashto and Dari letters (ټ ډ ړ ږ ښ ځ څ ګ ڼ ې ۍ ئ) are left as they are: they are letters of
 *   their own, not spellings of Persian ones.
 */

export const ZWNJ = '\u200c';

const letterForms: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  ۀ: 'ه',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
};
const LETTER_FORMS = new RegExp(`[${Object.keys(letterForms).join('')}]`, 'g');

/** Harakat, superscript alef, Quranic annotation marks and tatweel. */
const MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed\u0640]/g;
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
/** Invisible characters that carry no letter: direction marks and isolates, soft hyphen, BOM. */
const INVISIBLE = /[\u00ad\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const WORD_CHAR = '\\p{L}\\p{N}\\p{Co}';
const LONE_ZWNJ = new RegExp(`${ZWNJ}+(?![${WORD_CHAR}])|(?<![${WORD_CHAR}])${ZWNJ}+`, 'gu');
const PREFIX = new RegExp(`(?<![${WORD_CHAR}${ZWNJ}])(ن?می) (?=\\p{Script=Arabic})`, 'gu');
const SUFFIX = new RegExp(`(?<=\\p{Script=Arabic}) (ها|های|هایی|هایم|هایت|هایش|هایمان|هایتان|هایشان|تر|ترین|تری)(?![${WORD_CHAR}${ZWNJ}])`, 'gu');

/** The canonical, still readable form of a title, body or query. Idempotent. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(MARKS, '')
    .replace(LETTER_FORMS, (letter) => letterForms[letter]!)
    .replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(INVISIBLE, '')
    .replace(/\u200d/g, ZWNJ)
    .replace(/\u200b/g, ' ')
    .replace(LONE_ZWNJ, '')
    .replace(/\s+/g, ' ')
    .replace(PREFIX, `$1${ZWNJ}`)
    .replace(SUFFIX, `${ZWNJ}$1`)
    .trim();
}

const COMPOUND = new RegExp(`[${WORD_CHAR}]+(?:${ZWNJ}[${WORD_CHAR}]+)*`, 'gu');

/**
 * The words of normalised text as the index's tokenizer cuts them, except that the parts of a
 * compound stay together (joined by a non-joiner), so a query can ask for either spelling.
 */
export function compoundsOf(normalized: string): string[] {
  return normalized.match(COMPOUND) ?? [];
}

const foldAlef = (word: string) => word.replaceAll('آ', 'ا');

/**
 * English plurals the index's stemmer cannot bring back to their singular (it reduces "rights" to
 * "right" but leaves "women" as it is): the singular is indexed beside the text and asked for with
 * the query, so "woman" finds "women" and the other way round.
 */
const IRREGULAR_SINGULARS: Readonly<Record<string, string>> = {
  women: 'woman',
  men: 'man',
  children: 'child',
  people: 'person',
  wives: 'wife',
  lives: 'life',
};
const singularOf = (word: string): string | undefined => (Object.hasOwn(IRREGULAR_SINGULARS, word.toLowerCase()) ? IRREGULAR_SINGULARS[word.toLowerCase()] : undefined);
const joined = (word: string) => word.replaceAll(ZWNJ, '');

/**
 * The other spellings of the words of normalised text that a reader may type: each compound
 * joined ("میخواهم" for "می‌خواهم"), words with آ written with ا, and the singular of an irregular
 * English plural. Indexed beside the text.
 */
export function alternativeSpellings(normalized: string): string {
  const forms = new Set<string>();
  for (const word of compoundsOf(normalized)) {
    const singular = singularOf(word);
    if (singular) forms.add(singular);
    if (word.includes(ZWNJ)) forms.add(joined(word));
    if (!word.includes('آ')) continue;
    forms.add(foldAlef(joined(word)));
    for (const part of word.split(ZWNJ)) if (part.includes('آ')) forms.add(foldAlef(part));
  }
  return [...forms].join(' ');
}

/**
 * The spellings a query word is asked for in: as typed (a compound as a phrase of its parts),
 * joined, with آ as ا, and an irregular English plural as its singular. Any one of them found is a match.
 */
export function querySpellings(word: string): string[] {
  const singular = singularOf(word);
  return [...new Set([word, joined(word), foldAlef(word), foldAlef(joined(word)), ...(singular ? [singular] : [])])];
}

/** Normalised, lower-cased words joined by one space: two titles with the same key read the same. */
export function searchKey(text: string): string {
  return compoundsOf(normalizeSearchText(text))
    .map((word) => foldAlef(joined(word)).toLowerCase())
    .join(' ');
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
/** Latin digits of normalised text back to Persian ones, for showing Persian snippets. */
export const toPersianDigits = (text: string) => text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)]!);
