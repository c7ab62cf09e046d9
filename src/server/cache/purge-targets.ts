import { eq } from 'drizzle-orm';
import { allContentKinds, contentKinds, detailPathOf, itemPathOf, legalDetailPath, type ItemKind } from '../../shared/content-kinds.ts';
import { languages } from '../../shared/locale.ts';
import { itemSlugs, type SlugSource } from '../../shared/slugs.ts';
import type { DbLike } from '../db/client.ts';
import { type legalItems, posts } from '../db/schema.ts';
import type { ChangedItem } from './public-change.ts';
import { itemTag, listTag, SITE_TAG, type TagSpace } from './shared-cache.ts';

/** What a cache in front must drop after a public change: its keys, and the addresses (path and query) that show it. */
export interface PurgeTargets {
  keys: string[];
  paths: string[];
}

/** The columns an item's readable addresses are made of, for a mutation to report with its status. */
export const addressColumns = (table: typeof posts | typeof legalItems) => ({
  id: table.id,
  titleEn: table.titleEn,
  titleFa: table.titleFa,
  slugEn: table.slugEn,
  slugFa: table.slugFa,
});

/** The section (news, articles, reports) of a post, for a change that found it by id alone. */
export async function sectionOfPost(tx: DbLike, id: number): Promise<TagSpace> {
  const [row] = await tx.select({ kind: posts.kind }).from(posts).where(eq(posts.id, id)).limit(1);
  return row ? contentKinds[row.kind].section : 'news';
}

const COUNTRY_PAGES = ['/iran', '/afghanistan'];

/** Per family: its list pages (the home page shows them all), its API lists, its feed, and its items' pages. */
const FAMILIES: Record<TagSpace, { lists: string[]; api: string[]; feed?: string; itemKind?: ItemKind; detail?: string; apiItem: string[] }> = {
  ...(Object.fromEntries(
    allContentKinds.map((info) => [
      info.section,
      {
        lists: [info.listPath, ...COUNTRY_PAGES],
        api: info.restPaths.map((path) => `/api${path}`),
        feed: info.section,
        itemKind: info.id,
        apiItem: info.restPaths.map((path) => `/api${path}`),
      },
    ]),
  ) as Record<'news' | 'articles' | 'reports', { lists: string[]; api: string[]; feed: string; itemKind: ItemKind; apiItem: string[] }>),
  legal: { lists: ['/legal-awareness'], api: ['/api/awareness'], feed: 'legal-awareness', itemKind: 'legal', apiItem: ['/api/awareness'] },
  stories: { lists: ['/yourStory'], api: ['/api/story', '/api/stories'], feed: 'stories', detail: '/stories', apiItem: ['/api/story', '/api/stories'] },
  gallery: { lists: ['/gallery'], api: ['/api/gallery'], apiItem: [] },
};

/** A page's address as readers reach it: as linked, and with each `?lang=` (links in feeds, the sitemap and the language switch). */
const pageForms = (path: string) => [path, ...languages.map((language) => `${path}?lang=${language}`)];

const hasAddress = (state: object): state is SlugSource => 'titleEn' in state && 'titleFa' in state;

/** Every address of one item's page: by id alone, and at its slug in each language, before and after the change. */
function itemPaths(space: TagSpace, change: ChangedItem): string[] {
  const family = FAMILIES[space];
  const paths = new Set<string>();
  const kind = family.itemKind;
  if (kind) {
    paths.add(kind === 'legal' ? `${legalDetailPath}/${change.id}` : detailPathOf(kind, change.id));
    for (const state of change.states.filter(hasAddress)) {
      const slugs = itemSlugs(state);
      for (const language of languages) paths.add(itemPathOf(kind, { id: change.id, ...slugs }, language));
    }
  } else if (family.detail) paths.add(`${family.detail}/${change.id}`);
  return [...paths];
}

/**
 * The keys and addresses one change makes stale: each item's key and pages (each address in each
 * form), the lists of its family (and the home page), their API reads and feeds, and the sitemap.
 * 'everything' (a change that named no item) names the site key and every list.
 */
export function purgeTargets(changed: readonly ChangedItem[] | 'everything'): PurgeTargets {
  const spaces = changed === 'everything' ? (Object.keys(FAMILIES) as TagSpace[]) : [...new Set(changed.map((item) => item.space))];
  const keys = new Set<string>(changed === 'everything' ? [SITE_TAG] : []);
  const pages = new Set<string>(['/']);
  const others = new Set<string>(['/sitemap.xml']);
  for (const space of spaces) {
    const family = FAMILIES[space];
    keys.add(listTag(space));
    for (const path of family.lists) pages.add(path);
    for (const path of family.api) others.add(path);
    if (family.feed) for (const language of languages) others.add(`/rss/${language}/${family.feed}.xml`);
  }
  if (changed !== 'everything') {
    for (const item of changed) {
      keys.add(itemTag(item.space, item.id));
      for (const path of itemPaths(item.space, item)) pages.add(path);
      for (const path of FAMILIES[item.space].apiItem) others.add(`${path}/${item.id}`);
    }
  }
  return { keys: [...keys], paths: [...[...pages].flatMap(pageForms), ...others] };
}
