/*
 * The picture library's descriptions (docs/decisions/035): the alt texts a picture was given where
 * it is used, newest first, one per line, at most LIBRARY_DESCRIPTION_MAX characters in all.
 */

/** The longest list of descriptions kept for one picture; the oldest lines go first. */
export const LIBRARY_DESCRIPTION_MAX = 2000;

/** The lines of a stored description (or of new texts): whitespace runs made one space, empty lines dropped. */
export function libraryDescriptionLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Letters of the Arabic script (Persian is written in it): a line with one is taken for Persian. */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/**
 * The newest description in each language, to start a new use's alt text from (the editor can
 * change it): a line written in the Arabic script is Persian, any other English. A guess that only
 * fills a field the editor sees and can correct.
 */
export function latestDescriptions(description: string | null | undefined): { en: string | null; fa: string | null } {
  const lines = libraryDescriptionLines(description);
  return { en: lines.find((line) => !ARABIC_SCRIPT.test(line)) ?? null, fa: lines.find((line) => ARABIC_SCRIPT.test(line)) ?? null };
}
