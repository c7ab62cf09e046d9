import { and, desc, eq, ne } from 'drizzle-orm';
import { plainText } from '../../shared/bidi.ts';
import { allContentKinds, contentKinds, itemPathOf, kindOfSection, type ContentSection } from '../../shared/content-kinds.ts';
import type { Language } from '../../shared/locale.ts';
import { itemSlugs } from '../../shared/slugs.ts';
import { excerpt } from '../../shared/text.ts';
import { legalItems, posts, stories } from '../db/schema.ts';
import { editorialColumns } from '../editorial/item.ts';
import { publicCondition } from '../publication/visibility.ts';
import type { Deps } from '../trpc/context.ts';

/** The kinds beside news, articles and reports that readers can follow: /rss/{en|fa}/{feed}.xml. */
const otherFeeds = {
  'legal-awareness': {
    title: { en: "Women's Rights News — Legal awareness", fa: 'اخبار حقوق زنان — آگاهی حقوقی' },
    pages: [/^\/legal-awareness$/, /^\/legal\/\d+$/],
  },
  stories: {
    title: { en: "Women's Rights News — Stories", fa: 'اخبار حقوق زنان — روایت‌ها' },
    pages: [/^\/yourStory$/, /^\/stories\/\d+$/],
  },
} as const satisfies Record<string, { title: Record<Language, string>; pages: readonly RegExp[] }>;

export type FeedName = ContentSection | keyof typeof otherFeeds;

export function isFeedName(name: string): name is FeedName {
  return Boolean(kindOfSection(name)) || Object.hasOwn(otherFeeds, name);
}

export function feedTitle(feed: FeedName, language: Language): string {
  const kind = kindOfSection(feed);
  return kind ? contentKinds[kind].feedTitle[language] : otherFeeds[feed as keyof typeof otherFeeds].title[language];
}

/**
 * The feeds a page advertises (`<link rel="alternate" type="application/rss+xml">`): the news on
 * every page, as before, and the feed of the kind the page lists or shows.
 */
export function feedsOfPage(pathname: string): FeedName[] {
  const own =
    allContentKinds.find((info) => pathname === info.listPath || new RegExp(`^${info.detailPath}/\\d+$`).test(pathname))?.section ??
    (Object.keys(otherFeeds) as (keyof typeof otherFeeds)[]).find((feed) => otherFeeds[feed].pages.some((page) => page.test(pathname)));
  return own && own !== 'news' ? ['news', own] : ['news'];
}

export interface FeedItem {
  path: string;
  title: string;
  description: string;
  /** When the item became public. */
  published: Date;
  /** When it last changed (the feed's lastBuildDate is the latest of these). */
  updated: Date;
  /** The author's public name in the feed's language when the item carries her byline (dc:creator); else the newsroom signs. */
  creator: string | null;
}

const LIMIT = 30;

/** The newest public items of a feed, in a language; plain text (no direction controls), descriptions shortened. */
export async function feedItems(deps: Pick<Deps, 'db'>, feed: FeedName, language: Language): Promise<FeedItem[]> {
  const fa = language === 'fa';
  const item = (path: string, title: string, description: string, published: Date, updated: Date, creator: string | null = null): FeedItem => ({
    path,
    // Feed readers lay titles out themselves: plain letters, no direction controls (shared/bidi.ts).
    title: plainText(title),
    description: excerpt(plainText(description), 400),
    published,
    updated,
    creator: creator === null ? null : plainText(creator),
  });
  const kind = kindOfSection(feed);
  if (kind) {
    const rows = await deps.db
      .select({
        id: posts.id,
        titleEn: posts.titleEn,
        titleFa: posts.titleFa,
        descriptionEn: posts.descriptionEn,
        descriptionFa: posts.descriptionFa,
        slugEn: posts.slugEn,
        slugFa: posts.slugFa,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        byline: editorialColumns(posts)[fa ? 'bylineFa' : 'bylineEn'],
      })
      .from(posts)
      // Only items written in the feed's language.
      .where(and(eq(posts.kind, kind), publicCondition(posts.status), ne(fa ? posts.titleFa : posts.titleEn, '')))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(LIMIT);
    return rows.map((row) =>
      item(
        itemPathOf(kind, { id: row.id, ...itemSlugs(row) }, language),
        fa ? row.titleFa : row.titleEn,
        fa ? row.descriptionFa : row.descriptionEn,
        row.createdAt,
        row.updatedAt,
        row.byline,
      ),
    );
  }
  if (feed === 'legal-awareness') {
    const rows = await deps.db
      .select({
        id: legalItems.id,
        titleEn: legalItems.titleEn,
        titleFa: legalItems.titleFa,
        descriptionEn: legalItems.descriptionEn,
        descriptionFa: legalItems.descriptionFa,
        slugEn: legalItems.slugEn,
        slugFa: legalItems.slugFa,
        createdAt: legalItems.createdAt,
        updatedAt: legalItems.updatedAt,
        byline: editorialColumns(legalItems)[fa ? 'bylineFa' : 'bylineEn'],
      })
      .from(legalItems)
      .where(and(publicCondition(legalItems.status), ne(fa ? legalItems.titleFa : legalItems.titleEn, '')))
      .orderBy(desc(legalItems.createdAt), desc(legalItems.id))
      .limit(LIMIT);
    return rows.map((row) =>
      item(
        itemPathOf('legal', { id: row.id, ...itemSlugs(row) }, language),
        fa ? row.titleFa : row.titleEn,
        fa ? row.descriptionFa : row.descriptionEn,
        row.createdAt,
        row.updatedAt,
        row.byline,
      ),
    );
  }
  // A story keeps its author's language in both feeds. Its times are when the site published it,
  // never when it arrived (src/server/routers/stories.ts): the feed must not tell when she wrote.
  const rows = await deps.db
    .select({ id: stories.id, title: stories.title, description: stories.description, publishedAt: stories.publishedAt })
    .from(stories)
    .where(eq(stories.status, 'published'))
    .orderBy(desc(stories.publishedAt), desc(stories.id))
    .limit(LIMIT);
  return rows.flatMap((row) => (row.publishedAt ? [item(`/stories/${row.id}`, row.title, row.description, row.publishedAt, row.publishedAt)] : []));
}
