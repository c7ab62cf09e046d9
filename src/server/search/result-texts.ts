import type { Language } from '../../shared/locale.ts';
import { toPersianDigits } from '../../shared/search-text.ts';

/** A run of result text, marked when it is a word the query matched. */
export interface TextPart {
  text: string;
  mark: boolean;
}

// Private-use characters: the normaliser never leaves them in text, so they can only be our markers.
const OPEN = '\ue000';
const CLOSE = '\ue001';

/** A document's title and snippet per language as the index gives them, matched words between OPEN and CLOSE. */
export interface MarkedTexts {
  doc: number;
  titleEn: string;
  titleFa: string;
  bodyEn: string;
  bodyFa: string;
}

/** The index's marked text as parts, with Persian digits in Persian text. */
export function partsOf(marked: string, lang: Language): TextPart[] {
  const parts: TextPart[] = [];
  for (const [index, piece] of marked.split(new RegExp(`[${OPEN}${CLOSE}]`)).entries()) {
    if (piece) parts.push({ text: lang === 'fa' ? toPersianDigits(piece) : piece, mark: index % 2 === 1 });
  }
  return parts;
}

/**
 * The text in the reader's language when there is one, else the other. For a snippet, the one that
 * shows a matched word wins: it says why the item was found.
 */
function pick(texts: Record<Language, string>, language: Language, preferMarked: boolean): { text: string; lang: Language } {
  const other: Language = language === 'fa' ? 'en' : 'fa';
  const order = [language, other].filter((lang) => texts[lang]);
  const chosen = (preferMarked ? order.find((lang) => texts[lang].includes(OPEN)) : undefined) ?? order[0] ?? language;
  return { text: texts[chosen] ?? '', lang: chosen };
}

export interface ResultTexts {
  title: TextPart[];
  titleLang: Language;
  snippet: TextPart[];
  snippetLang: Language;
}

/** Titles and snippets with the matched words marked, for the rows of one page only. */
export function textsOf(markedRows: readonly MarkedTexts[], rows: readonly { doc: number }[], language: Language): Map<number, ResultTexts> {
  const marked = new Map(markedRows.map((row) => [row.doc, row]));
  const found = new Map<number, ResultTexts>();
  for (const { doc } of rows) {
    const row = marked.get(doc) ?? { titleEn: '', titleFa: '', bodyEn: '', bodyFa: '' };
    const title = pick({ en: row.titleEn, fa: row.titleFa }, language, false);
    const snippet = pick({ en: row.bodyEn, fa: row.bodyFa }, language, true);
    found.set(doc, { title: partsOf(title.text, title.lang), titleLang: title.lang, snippet: partsOf(snippet.text, snippet.lang), snippetLang: snippet.lang });
  }
  return found;
}
