import { compoundsOf, normalizeSearchText, querySpellings, searchKey } from '../../shared/search-text.ts';

/** More words than this add nothing a reader needs and only cost time. */
const MAX_TERMS = 16;

export interface CompiledQuery {
  /** The FTS5 expression of the words: every term quoted, so no operator, column filter or stray quote ever reaches the engine. */
  terms: string;
  /** The query as a title key, to put exact title matches first. */
  key: string;
}

/**
 * A reader's query as an FTS5 expression, or null when it holds no word at all. Terms are the
 * normalised words (letters and digits only, so a quote cannot occur inside one), each in double
 * quotes, all required. A compound written with a non-joiner matches the same compound written
 * with nothing (one token, indexed in the `spellings` column) or with a space (a phrase); a word
 * with آ matches it written with ا.
 */
export function compileQuery(query: string): CompiledQuery | null {
  const compounds = compoundsOf(normalizeSearchText(query)).slice(0, MAX_TERMS);
  if (!compounds.length) return null;
  const terms = compounds.map((word) => {
    const spellings = querySpellings(word).map((spelling) => `"${spelling}"`);
    return spellings.length > 1 ? `(${spellings.join(' OR ')})` : spellings[0]!;
  });
  return { terms: terms.join(' AND '), key: searchKey(query) };
}
