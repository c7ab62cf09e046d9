import { contentKindIds, contentKinds, type ContentKind, type SectionOf } from '../../shared/content-kinds.ts';
import type { Language } from '../../shared/locale.ts';
import type { Category, Country } from '../../shared/schemas/content.ts';
import type { RouterOutputs } from './trpc.ts';

export type ContentItem = RouterOutputs['news']['byId'];
export type GalleryItem = RouterOutputs['gallery']['list']['items'][number];
export type LegalItem = RouterOutputs['legal']['byId'];
export type PublishedStory = RouterOutputs['stories']['publishedById'];
export type { Category, ContentKind, Country };

/**
 * The category and country lists of src/shared/schemas/content.ts, repeated here because importing
 * that module would pull zod into every public page. The checks below fail to compile if they drift.
 */
export const categoryList = ['top', 'latest', 'business', 'political', 'health', 'culture-arts', 'sports', 'education'] as const satisfies readonly Category[];
export const countryList = ['iran', 'afghanistan'] as const satisfies readonly Country[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const categoriesInSync: Same<Category, (typeof categoryList)[number]> = true;
const countriesInSync: Same<Country, (typeof countryList)[number]> = true;
void categoriesInSync;
void countriesInSync;

/** The tRPC router of each content kind, from the registry (src/shared/content-kinds.ts). */
export const routerName = Object.fromEntries(contentKindIds.map((kind) => [kind, contentKinds[kind].section])) as { readonly [K in ContentKind]: SectionOf<K> };

/** Where each kind's list lives (the header links to /latestnews for news). */
export const listPath = Object.fromEntries(contentKindIds.map((kind) => [kind, contentKinds[kind].listPath])) as Record<ContentKind, string>;
/** Every link to an item's page is made here: its slugged address in the reader's language (docs/decisions/033). */
export { itemPathOf as itemPath } from '../../shared/content-kinds.ts';

/** A gallery item's name in the reader's language (readers are shown only items named in theirs). */
export function galleryName(item: { name: string; nameFa: string | null }, language: Language): string {
  return (language === 'fa' ? item.nameFa : item.name) ?? '';
}

/** For editors, who see every item: its name in their language, else the other one. */
export function galleryLabel(item: { name: string; nameFa: string | null }, language: Language): string {
  return galleryName(item, language) || galleryName(item, language === 'fa' ? 'en' : 'fa');
}

/** An item's words in one language, never the other's: a reader is shown only items written in hers. */
export function localized(item: { titleEn: string; titleFa: string; descriptionEn: string; descriptionFa: string }, language: Language) {
  return language === 'fa' ? { title: item.titleFa, description: item.descriptionFa } : { title: item.titleEn, description: item.descriptionEn };
}

/**
 * How much of each description a public list asks for. Cards show 70 characters; whole
 * articles in both languages would make a page's data many times heavier than the page itself.
 */
export const CARD_EXCERPT = 100;

/**
 * Query inputs shared by the home page and the side lists of the list pages, so that one fetch
 * fills the cache for both (lists are fetched only when the cached list is empty).
 */
export const sharedInputs = {
  topNews: { page: 1, pageSize: 10, category: 'top', excerpt: CARD_EXCERPT },
  news: { page: 1, pageSize: 20, excerpt: CARD_EXCERPT },
  articles: { page: 1, pageSize: 5, excerpt: CARD_EXCERPT },
  reports: { page: 1, pageSize: 8, excerpt: CARD_EXCERPT },
} as const;

/** One featured item plus a grid of 12, which fills 1, 2, 3 or 4 columns evenly. */
export const LIST_PAGE_SIZE = 13;

/** Splits stored text into paragraphs: blank lines separate them, single newlines stay line breaks. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A positive page number from a query string value, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}
