import type { Language } from './locale.ts';
import type { MessageKey } from './messages.ts';

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

export interface ContentKindInfo {
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

/** The public page of one item, e.g. `/articles/4`. */
export const detailPathOf = (kind: ContentKind, id: number) => `${contentKinds[kind].detailPath}/${id}`;

/** The admin edit page of one item, inside /admin, e.g. `/edit/article/4`. */
export const adminEditPathOf = (kind: ContentKind, id: number) => `${contentKinds[kind].adminEditPath}/${id}`;
