import type { Language } from './locale.ts';
import type { MessageKey } from './messages.ts';

/**
 * An item can be written in one language or both. It is in a language exactly when it has a title
 * in it: readers of that language see it (pages, lists, feeds, sitemap, search), readers of the
 * other never do, and nothing of one language stands in for the other.
 */
export const languagesOfItem = (item: { titleEn?: string | null; titleFa?: string | null }): Language[] =>
  (['en', 'fa'] as const).filter((language) => isInLanguage(item, language));

export const isInLanguage = (item: { titleEn?: string | null; titleFa?: string | null }, language: Language): boolean =>
  Boolean((language === 'en' ? item.titleEn : item.titleFa)?.trim());

/** What a save knows of an item's words in each language. */
export interface ItemWords {
  titleEn?: string | null;
  titleFa?: string | null;
  hasBodyEn: boolean;
  hasBodyFa: boolean;
  coverAltEn?: string | null;
  coverAltFa?: string | null;
  hasCover: boolean;
}

export type PublicationGapField = 'titleEn' | 'titleFa' | 'bodyEn' | 'bodyFa' | 'coverAltEn' | 'coverAltFa' | 'cover';

/**
 * What publishing still lacks. A language is in use once it has a title or a body; each language
 * in use needs its title, its body and (when `altIn` says so) the cover's description in it.
 * `cover`: whether the item must have a cover picture to be published.
 */
export function publicationGaps(
  words: ItemWords,
  needs: { altIn: (language: Language) => boolean; cover: boolean },
): Partial<Record<PublicationGapField, MessageKey>> {
  const gaps: Partial<Record<PublicationGapField, MessageKey>> = {};
  const parts = {
    en: { title: words.titleEn, body: words.hasBodyEn, alt: words.coverAltEn, missing: 'neededToPublishEn' },
    fa: { title: words.titleFa, body: words.hasBodyFa, alt: words.coverAltFa, missing: 'neededToPublishFa' },
  } as const;
  const inUse = (['en', 'fa'] as const).filter((language) => parts[language].title?.trim() || parts[language].body);
  if (!inUse.length) Object.assign(gaps, { titleEn: 'titleInEitherLanguage', titleFa: 'titleInEitherLanguage' });
  for (const language of inUse) {
    const part = parts[language];
    const suffix = language === 'en' ? 'En' : 'Fa';
    if (!part.title?.trim()) gaps[`title${suffix}`] = part.missing;
    if (!part.body) gaps[`body${suffix}`] = part.missing;
    if (needs.altIn(language) && !part.alt?.trim()) gaps[`coverAlt${suffix}`] = part.missing;
  }
  if (needs.cover && !words.hasCover) gaps.cover = 'coverNeededToPublish';
  return gaps;
}
