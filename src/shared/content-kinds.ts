import type { Language } from './locale.ts';
import type { MessageKey } from './messages.ts';
import { sluggedSegment } from './slugs.ts';

/**
 * The one registry of content kinds. News, articles and reports share one table (posts.kind), one
 * router factory and one set of pages; only the names and addresses below differ. Everything that
 * names a kind reads it from here: the tRPC routers, the REST shims, the public and admin routes,
 * the feeds and sitemap, the message and translation keys. Adding a kind means adding an entry.
 *
 * Public pages import this file: it must stay free of zod, Node and the DOM.
 */
export const contentKindIds = ['news', 'article', 'report'] as const;
export type ContentKind = (typeof contentKindIds)[number];

interface ContentKindInfo {
  /** Stored in posts.kind; also the key of the kind's texts (admin `content.*`, public `list.*`, `detail.*`) and its admin icon. */
  id: ContentKind;
  /** The tRPC router; also the kind's section name: RSS feed (/rss/{lang}/{section}.xml), admin nav and dashboard counts. */
  section: 'news' | 'articles' | 'reports';
  /** The public list page (the site's header links to /latestnews for news). */
  listPath: string;
  /** The public detail page of an item is `${detailPath}/{id}`. */
  detailPath: string;
  /** Key of the section heading under `home.*` of the public texts. */
  heading: 'latestNews' | 'articles' | 'reports';
  /**
   * REST paths under /api; writes go to `/admin` + each path. The
   * original API used singular and plural side by side (`report`, `admin/reports`), so both work.
   */
  restPaths: readonly string[];
  /** Admin panel pages, inside /admin: the list and add pages, and `${adminEditPath}/{id}`. */
  adminListPath: string;
  adminAddPath: string;
  adminEditPath: string;
  /** What a reader is told when an item of this kind does not exist. */
  notFound: MessageKey;
  /** The title of the kind's RSS feed. */
  feedTitle: Record<Language, string>;
}

export const contentKinds = {
  news: {
    id: 'news',
    section: 'news',
    listPath: '/latestnews',
    detailPath: '/news',
    heading: 'latestNews',
    restPaths: ['/news'],
    adminListPath: '/news/all',
    adminAddPath: '/news/add',
    adminEditPath: '/edit/news',
    notFound: 'newsNotFound',
    feedTitle: { en: "Women's Rights News — News", fa: 'اخبار حقوق زنان — اخبار' },
  },
  article: {
    id: 'article',
    section: 'articles',
    listPath: '/articles',
    detailPath: '/articles',
    heading: 'articles',
    restPaths: ['/articles', '/article'],
    adminListPath: '/articles/all',
    adminAddPath: '/articles/add',
    adminEditPath: '/edit/article',
    notFound: 'articleNotFound',
    feedTitle: { en: "Women's Rights News — Articles", fa: 'اخبار حقوق زنان — مقاله‌ها' },
  },
  report: {
    id: 'report',
    section: 'reports',
    listPath: '/reports',
    detailPath: '/reports',
    heading: 'reports',
    restPaths: ['/reports', '/report'],
    adminListPath: '/reports/all',
    adminAddPath: '/reports/add',
    adminEditPath: '/edit/report',
    notFound: 'reportNotFound',
    feedTitle: { en: "Women's Rights News — Reports", fa: 'اخبار حقوق زنان — گزارش‌ها' },
  },
} as const satisfies { [K in ContentKind]: ContentKindInfo & { id: K } };

/** The section (tRPC router) name of each kind, e.g. `articles` for `article`. */
export type ContentSection = (typeof contentKinds)[ContentKind]['section'];
export type SectionOf<K extends ContentKind> = (typeof contentKinds)[K]['section'];

/** The kinds in their display order (news, articles, reports). */
export const allContentKinds: readonly ContentKindInfo[] = contentKindIds.map((kind) => contentKinds[kind]);

/** The kind whose section (tRPC router, feed name) this is, if any. */
export function kindOfSection(section: string): ContentKind | undefined {
  return allContentKinds.find((info) => info.section === section)?.id;
}

/** The public page of one item by its id alone, e.g. `/articles/4` (it names the slugged address as canonical). */
export const detailPathOf = (kind: ContentKind, id: number) => `${contentKinds[kind].detailPath}/${id}`;

/** Where a legal-awareness item's public page lives: `/legal/{id}-{slug}`. */
export const legalDetailPath = '/legal';

/** The kinds of item with a readable address: news, articles, reports and legal-awareness items. */
export type ItemKind = ContentKind | 'legal';

/** What an item's address is made of: its id, and its slug per language as public answers carry it. */
export interface Addressable {
  id: number;
  slugEn?: string | null;
  slugFa?: string | null;
}

/**
 * The one builder of an item's public address in a language, e.g. `/news/123-women-teachers` or
 * `/news/123-%D9%85…` (Persian percent-encoded; browsers show it decoded). Every link the site
 * makes to an item comes from here (docs/decisions/033).
 */
export function itemPathOf(kind: ItemKind, item: Addressable, language: Language): string {
  const base = kind === 'legal' ? legalDetailPath : contentKinds[kind].detailPath;
  return `${base}/${sluggedSegment(item.id, language === 'fa' ? item.slugFa : item.slugEn)}`;
}

const sluggedBases = new Set([...contentKindIds.map((kind) => contentKinds[kind].detailPath), legalDetailPath]);

/**
 * An item's address without its slug (`/news/123-women-teachers` → `/news/123`), as its page is
 * rendered on the server whatever slug was asked for: links that lead back to the page itself (the
 * language switch, a form posted without scripts) are then the same on the server and in the browser.
 */
export function withoutSlug(path: string): string {
  const match = /^(\/[^/]+)\/(\d{1,15})-[^/]*\/?$/.exec(path);
  return match && sluggedBases.has(match[1]!.toLowerCase()) ? `${match[1]}/${match[2]}` : path;
}

/** The item's address in each language (the canonical link and its alternates, the sitemap). */
export function itemPathsOf(kind: ItemKind, item: Addressable): Record<Language, string> {
  return { en: itemPathOf(kind, item, 'en'), fa: itemPathOf(kind, item, 'fa') };
}

/** The admin edit page of one item, inside /admin, e.g. `/edit/article/4`. */
export const adminEditPathOf = (kind: ContentKind, id: number) => `${contentKinds[kind].adminEditPath}/${id}`;
