import {
  CARD_EXCERPT,
  categoryList,
  countryList,
  LIST_PAGE_SIZE,
  pageFrom,
  routerName,
  sharedInputs,
  type Category,
  type ContentKind,
  type Country,
} from './content.ts';
import { searchFromAddress } from './search.ts';
import type { useTRPC } from './trpc.ts';
import { contentKindIds } from '../../shared/content-kinds.ts';
import type { Language } from '../../shared/locale.ts';

/**
 * The queries of the public pages, built in one place: the pages use them, and the route table
 * (pages/public/public-routes.tsx) lists them so the server fetches a page's data before its one
 * render. A page that asked for a query built differently would cost the server another render.
 */
export type Trpc = ReturnType<typeof useTRPC>;

export const pageSizes = { gallery: 24, legal: 12, stories: 6, country: 8 } as const;

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/**
 * The public links of the site (social pages, contact address); they change only with a redeploy.
 *
 * Built at each call, not remembered in a WeakMap by client: the options hold the client and its
 * query cache, and V8's young-generation collections keep a WeakMap's values alive whatever their
 * keys. Each server render (a client of its own) then went whole to the old generation, about
 * 50 KB a page, until the next full collection. Building them costs a few microseconds.
 */
export const siteConfigQuery = (trpc: Trpc) => ({ ...trpc.config.get.queryOptions(), staleTime: Infinity, gcTime: Infinity });

/**
 * Top news, newest news, articles and reports: one batched request on a cold start. Every list is
 * read in the reader's language: only items written in it.
 */
export const homeQueries = (trpc: Trpc, language: Language) =>
  [
    trpc.news.list.queryOptions({ ...sharedInputs.topNews, language }),
    trpc.news.list.queryOptions({ ...sharedInputs.news, language }),
    trpc.articles.list.queryOptions({ ...sharedInputs.articles, language }),
    trpc.reports.list.queryOptions({ ...sharedInputs.reports, language }),
  ] as const;

/** A news, articles or reports list page as the address asks for it (page, category, country). */
export function contentListInput(search: URLSearchParams) {
  return {
    page: pageFrom(search.get('page')),
    pageSize: LIST_PAGE_SIZE,
    category: pick<Category>(categoryList, search.get('category')),
    country: pick<Country>(countryList, search.get('country')),
    excerpt: CARD_EXCERPT,
  };
}

/** The page number as an address parameter: page 1 is the address without one. */
const pageParameter = (page: number) => (page > 1 ? String(page) : undefined);

/** What of its address a list page reads, as contentListInput reads it (see AddressRule in pages/public/public-routes.tsx). */
export function contentListAddress(search: URLSearchParams) {
  const { page, category, country } = contentListInput(search);
  return { page: pageParameter(page), category, country };
}

export const contentListQuery = (trpc: Trpc, kind: ContentKind, search: URLSearchParams, language: Language) =>
  trpc[routerName[kind]].list.queryOptions({ ...contentListInput(search), language });

/** The newest items of a kind, as the home page caches them (side lists, "more from"). */
export const latestOfKindQuery = (trpc: Trpc, kind: ContentKind, language: Language) =>
  trpc[routerName[kind]].list.queryOptions({ ...sharedInputs[routerName[kind]], language });

/** Beside a list page: the two other kinds. */
export const otherKinds = (kind: ContentKind) => contentKindIds.filter((other) => other !== kind);

export const countryQueries = (trpc: Trpc, country: Country, language: Language) =>
  contentKindIds.map((kind) => trpc[routerName[kind]].list.queryOptions({ page: 1, pageSize: pageSizes.country, country, excerpt: CARD_EXCERPT, language }));

/** A paged list whose only parameter in the address is ?page=. */
export const pagedInput = (search: URLSearchParams, pageSize: number) => ({ page: pageFrom(search.get('page')), pageSize });

/** What of its address a page with one paged list reads. */
export const pagedAddress = (search: URLSearchParams) => ({ page: pageParameter(pageFrom(search.get('page'))) });

export const galleryQuery = (trpc: Trpc, search: URLSearchParams, language: Language) =>
  trpc.gallery.list.queryOptions({ ...pagedInput(search, pageSizes.gallery), language });
export const legalListQuery = (trpc: Trpc, search: URLSearchParams, language: Language) =>
  trpc.legal.list.queryOptions({ ...pagedInput(search, pageSizes.legal), language });
export const publishedStoriesQuery = (trpc: Trpc, search: URLSearchParams) => trpc.stories.published.queryOptions(pagedInput(search, pageSizes.stories));

/** The search page's results, or nothing to fetch for an empty or over-long query. */
export const searchQueries = (trpc: Trpc, search: URLSearchParams) => {
  const { input, problem } = searchFromAddress(search);
  return problem ? [] : [trpc.search.query.queryOptions(input)];
};
