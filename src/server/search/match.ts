import { compoundsOf, normalizeSearchText, querySpellings, searchKey } from '../../shared/search-text.ts';

/**
 * What one query may ask of the index, decided before it runs. Every word is required, and each
 * of its spellings is a phrase the index must walk in full to rank (bm25 counts the items holding
 * it): a query of sixteen common words cost fifty times a usual one. Readers' queries are a few
 * words; past these limits the later words are left out (the results can only be more, never
 * fewer) and a word typed twice is asked for once.
 */
export const MAX_TERMS = 8;
/** Spellings in all (a Persian word may have four: with and without the non-joiner, with آ or ا). */
export const MAX_SPELLINGS = 16;

export interface CompiledQuery {
  /** The FTS5 expression of the words: every term quoted, so no operator, column filter or stray quote ever reaches the engine. */
  terms: string;
  /** The query as a title key, to put exact title matches first. */
  key: string;
  /** The same words unquoted: each word's spellings, any one of which matches (PostgreSQL's query is built from these). */
  words: string[][];
}

/** The spellings of each distinct word, within the limits above. */
function boundedTerms(query: string): string[][] {
  const seen = new Set<string>();
  const terms: string[][] = [];
  let spellings = 0;
  for (const word of compoundsOf(normalizeSearchText(query))) {
    const asked = querySpellings(word);
    // The index's tokenizer folds case, so "Rights" and "rights" are one word to it.
    const identity = asked.join(' ').toLowerCase();
    if (seen.has(identity)) continue;
    if (terms.length === MAX_TERMS || spellings + asked.length > MAX_SPELLINGS) break;
    seen.add(identity);
    spellings += asked.length;
    terms.push(asked);
  }
  return terms;
}

/**
 * A reader's query as an FTS5 expression, or null when it holds no word at all. Terms are the
 * normalised words (letters and digits only, so a quote cannot occur inside one), each in double
 * quotes, all required. A compound written with a non-joiner matches the same compound written
 * with nothing (one token, indexed in the `spellings` column) or with a space (a phrase); a word
 * with آ matches it written with ا.
 */
export function compileQuery(query: string): CompiledQuery | null {
  const words = boundedTerms(query);
  if (!words.length) return null;
  const terms = words
    .map((spellings) => spellings.map((spelling) => `"${spelling}"`))
    .map((quoted) => (quoted.length > 1 ? `(${quoted.join(' OR ')})` : quoted[0]!));
  return { terms: terms.join(' AND '), key: searchKey(query), words };
}
