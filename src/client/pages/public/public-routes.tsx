import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { idFrom, itemOrMissingQuery } from '../../lib/cached-item.ts';
import { allContentKinds, legalDetailPath } from '../../../shared/content-kinds.ts';
import { idOfSegment } from '../../../shared/slugs.ts';
import { routerName, type ContentKind, type Country } from '../../lib/content.ts';
import { lazyModule, type LazyModule } from '../../lib/lazy-module.ts';
import { isFormName } from '../../../shared/form-posts.ts';
import { confirmBase, unsubscribeBase } from '../../../shared/newsletter-paths.ts';
import {
  contentListAddress,
  contentListQuery,
  countryQueries,
  galleryQuery,
  homeQueries,
  latestOfKindQuery,
  legalListQuery,
  otherKinds,
  pagedAddress,
  publishedStoriesQuery,
  searchQueries,
  siteConfigQuery,
  type Trpc,
} from '../../lib/public-queries.ts';
import { NotFoundPage } from './not-found-page.tsx';
import type { Language } from '../../../shared/locale.ts';

export type RouteParams = Record<string, string | undefined>;
/** A query as a route lists it: tRPC's options, whose precise types do not meet in one array. */
interface PageQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}
interface QueryContext {
  params: RouteParams;
  search: URLSearchParams;
  trpc: Trpc;
  /** The page's language: lists hold only the items written in it. */
  language: Language;
}

/**
 * What of its address a page reads (./page-addresses.ts): the query parameters, as its queries
 * read them, and the spelling of its one path parameter. The server renders and caches a page by
 * these alone, so anything else in an address costs neither a render nor a cache entry.
 */
export interface AddressRule {
  /** The parameters the page reads, normalised (a default value or an unknown one left out). */
  query?: (search: URLSearchParams) => Record<string, string | undefined>;
  /** The one spelling of the path's parameter, or null when no item can have it (the page is then not found). */
  segment?: (value: string) => string | null;
}

/**
 * One public route: its address pattern, its page's chunk, how to render the page, the queries
 * the page and its components run (the server fetches them before its single render), and what
 * of its address it reads.
 */
export interface PublicRoute {
  /** The path as declared (`/news/:id`); absent for the not-found route. */
  path?: string;
  pattern: RegExp;
  page: LazyModule<unknown> | null;
  view(module: unknown, params: RouteParams): ReactElement;
  queries(context: QueryContext): PageQuery[];
  address: AddressRule;
}

const dir = 'src/client/pages/public';
/* Each page module once, shared by the routes that show it. */
const pages = {
  home: lazyModule(`${dir}/home-page.tsx`, () => import('./home-page.tsx')),
  about: lazyModule(`${dir}/about-page.tsx`, () => import('./about-page.tsx')),
  contact: lazyModule(`${dir}/contact-page.tsx`, () => import('./contact-page.tsx')),
  list: lazyModule(`${dir}/content-list-page.tsx`, () => import('./content-list-page.tsx')),
  detail: lazyModule(`${dir}/content-detail-page.tsx`, () => import('./content-detail-page.tsx')),
  gallery: lazyModule(`${dir}/gallery-page.tsx`, () => import('./gallery-page.tsx')),
  story: lazyModule(`${dir}/story-page.tsx`, () => import('./story-page.tsx')),
  storyDetail: lazyModule(`${dir}/story-detail-page.tsx`, () => import('./story-detail-page.tsx')),
  legal: lazyModule(`${dir}/legal-list-page.tsx`, () => import('./legal-list-page.tsx')),
  legalDetail: lazyModule(`${dir}/legal-detail-page.tsx`, () => import('./legal-detail-page.tsx')),
  country: lazyModule(`${dir}/country-page.tsx`, () => import('./country-page.tsx')),
  sent: lazyModule(`${dir}/sent-page.tsx`, () => import('./sent-page.tsx')),
  search: lazyModule(`${dir}/search-page.tsx`, () => import('./search-page.tsx')),
  newsletterLink: lazyModule(`${dir}/newsletter-link-page.tsx`, () => import('./newsletter-link-page.tsx')),
};
export const publicPages: readonly LazyModule<unknown>[] = Object.values(pages);

/** Like wouter's patterns (regexparam): case-insensitive, an optional trailing slash, `:name` for a segment. */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `/(?<${part.slice(1)}>[^/]+?)` : `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

const none = () => [];

function route<M>(
  path: string,
  page: LazyModule<M>,
  view: (module: M, params: RouteParams) => ReactElement,
  queries: (context: QueryContext) => PageQuery[] = none,
  address: AddressRule = {},
): PublicRoute {
  return { path, pattern: patternOf(path), page, view: view as PublicRoute['view'], queries, address };
}

/** An item's id as idFrom reads it; `0` (never an item) for anything else, so every such address is one not-found page. */
const itemId: AddressRule = { segment: (value) => String(idFrom(value) ?? 0) };
/**
 * The same for an item with a readable address (`/news/123-women-teachers`): only its id, so any
 * slug (right, stale, made up) is the one page, rendered and kept once (docs/decisions/033).
 */
const sluggedItemId: AddressRule = { segment: (value) => String(idOfSegment(value) ?? 0) };
const paged: AddressRule = { query: pagedAddress };

const listRoute = (path: string, kind: ContentKind) =>
  route(
    path,
    pages.list,
    // A key per kind: without it React would keep the articles page's state (and its last list,
    // shown while the next loads) when the reader moves on to reports.
    (module) => <module.ContentListPage key={kind} kind={kind} />,
    ({ trpc, search, language }) => [
      contentListQuery(trpc, kind, search, language),
      ...otherKinds(kind).map((other) => latestOfKindQuery(trpc, other, language)),
    ],
    { query: contentListAddress },
  );

const itemQuery = (params: RouteParams, build: (id: number) => PageQuery, read: (value: string | undefined) => number | null = idFrom) => {
  const id = read(params.id);
  return id === null ? [] : [build(id)];
};

const detailRoute = (path: string, kind: ContentKind) =>
  route(
    path,
    pages.detail,
    // Keyed by the id: another spelling of the same item's address is the same page.
    (module, params) => <module.ContentDetailPage key={`${kind}-${idOfSegment(params.id)}`} kind={kind} id={params.id} />,
    ({ trpc, params, language }) => [
      ...itemQuery(params, (id) => itemOrMissingQuery(trpc[routerName[kind]].byId.queryOptions({ id, language })), idOfSegment),
      latestOfKindQuery(trpc, kind, language),
    ],
    sluggedItemId,
  );

const countryRoute = (path: string, country: Country) =>
  route(
    path,
    pages.country,
    (module) => <module.CountryPage key={country} country={country} />,
    ({ trpc, language }) => countryQueries(trpc, country, language),
  );

/** The public routes (matching is case-insensitive: /latestNews and /latestnews are one page). */
export const publicRoutes: readonly PublicRoute[] = [
  route(
    '/',
    pages.home,
    (module) => <module.HomePage />,
    ({ trpc, language }) => [...homeQueries(trpc, language)],
  ),
  route(
    '/home',
    pages.home,
    (module) => <module.HomePage />,
    ({ trpc, language }) => [...homeQueries(trpc, language)],
  ),
  route('/about', pages.about, (module) => <module.AboutPage />),
  route('/contact', pages.contact, (module) => <module.ContactPage />),
  ...allContentKinds.map((info) => listRoute(info.listPath, info.id)),
  ...allContentKinds.map((info) => detailRoute(`${info.detailPath}/:id`, info.id)),
  route(
    '/gallery',
    pages.gallery,
    (module) => <module.GalleryPage />,
    ({ trpc, search, language }) => [galleryQuery(trpc, search, language)],
    paged,
  ),
  route(
    '/yourStory',
    pages.story,
    (module) => <module.StoryPage />,
    ({ trpc, search }) => [publishedStoriesQuery(trpc, search)],
    paged,
  ),
  route(
    '/stories/:id',
    pages.storyDetail,
    (module, params) => <module.StoryDetailPage id={params.id} />,
    ({ trpc, params }) => itemQuery(params, (id) => itemOrMissingQuery(trpc.stories.publishedById.queryOptions({ id }))),
    itemId,
  ),
  route(
    '/legal-awareness',
    pages.legal,
    (module) => <module.LegalListPage />,
    ({ trpc, search, language }) => [legalListQuery(trpc, search, language)],
    paged,
  ),
  route(
    `${legalDetailPath}/:id`,
    pages.legalDetail,
    (module, params) => <module.LegalDetailPage id={params.id} />,
    ({ trpc, params, language }) => itemQuery(params, (id) => itemOrMissingQuery(trpc.legal.byId.queryOptions({ id, language })), idOfSegment),
    sluggedItemId,
  ),
  // A newsletter mail's links (src/shared/newsletter-paths.ts): one page whatever the token, which it never shows.
  route(`${confirmBase}/:token`, pages.newsletterLink, (module) => <module.NewsletterLinkPage step="confirm" />, none, { segment: () => 'token' }),
  route(`${unsubscribeBase}/:token`, pages.newsletterLink, (module) => <module.NewsletterLinkPage step="unsubscribe" />, none, { segment: () => 'token' }),
  route('/newsletter/done/:outcome', pages.newsletterLink, (module, params) => <module.NewsletterOutcomePage outcome={params.outcome} />, none, {
    segment: (outcome) => (['confirmed', 'unsubscribed', 'expired'].includes(outcome) ? outcome : null),
  }),
  route('/sent/:form', pages.sent, (module, params) => <module.SentPage form={params.form} />, none, { segment: (form) => (isFormName(form) ? form : null) }),
  route(
    '/search',
    pages.search,
    (module) => <module.SearchPage />,
    ({ trpc, search }) => searchQueries(trpc, search),
    // Never kept in any cache (src/server/search/requests.ts): rendered as asked.
    { query: (search) => Object.fromEntries(search) },
  ),
  // A kept search (decision 018): the server renders it from the fields it kept, given as the address.
  route(
    '/search/r/:token',
    pages.search,
    (module) => <module.SearchPage />,
    ({ trpc, search }) => searchQueries(trpc, search),
  ),
  // Editors' previews of any item, whatever its status: rendered in the browser only (adminById needs the editor's session).
  ...allContentKinds.map(({ id: kind, detailPath }) =>
    route(`/preview${detailPath}/:id`, pages.detail, (module, params) => (
      <module.ContentDetailPage key={`preview-${kind}-${params.id}`} kind={kind} id={params.id} preview />
    )),
  ),
  route('/preview/legal/:id', pages.legalDetail, (module, params) => <module.LegalDetailPage key={`preview-legal-${params.id}`} id={params.id} preview />),
  countryRoute('/iran', 'iran'),
  countryRoute('/afghanistan', 'afghanistan'),
];

/** Any other path: small, so it travels in the entry and needs no chunk. */
const notFoundRoute: PublicRoute = { pattern: /.*/, page: null, view: () => <NotFoundPage />, queries: none, address: {} };

export function matchPublicRoute(pathname: string): { route: PublicRoute; params: RouteParams } {
  for (const candidate of publicRoutes) {
    const match = candidate.pattern.exec(pathname);
    if (match) return { route: candidate, params: { ...match.groups } };
  }
  return { route: notFoundRoute, params: {} };
}

/** What every public page shows around its content (header and footer social links). */
export const layoutQueries = (trpc: Trpc): PageQuery[] => [siteConfigQuery(trpc)];

/** Fetches the listed queries into the cache; a failure is kept there as the query's error state. */
export function prefetchQueries(queryClient: QueryClient, queries: PageQuery[]): Promise<unknown> {
  return Promise.all(queries.map((query) => queryClient.prefetchQuery(query as FetchQueryOptions)));
}
