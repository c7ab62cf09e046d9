/**
 * The characters the Persian subsets of Vazirmatn keep (scripts/subset-fonts.mjs makes the files;
 * tests/unit/persian-font-subset.test.ts checks every Persian string of the site is covered).
 * Only characters inside the @font-face unicode-range of styles.css (U+0600-06FF, U+200C-200D)
 * belong here: Latin text and «» use the reader's system fonts.
 */
const letters = 'ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيپچژکگیۀ';
/** Pashto letters appear in names and quotes from Afghanistan. */
const pashto = 'ټډړږښګڼېۍ';
const marks = '\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0670\u0654';
const digits = '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩';
const punctuation = '،؛؟٪٫٬ـ';
const joiners = '\u200c\u200d';

export const PERSIAN_GLYPHS = letters + pashto + marks + digits + punctuation + joiners;

/** The font's unicode-range: characters in it that the subset lacks fall back to system fonts. */
export const isInPersianFontRange = (char: string) => /[\u0600-\u06ff\u200c\u200d]/.test(char);
