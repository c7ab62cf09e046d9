import type { Response } from 'express';
import type { Env } from '../env.ts';

/*
 * What a cache in front (nginx, Fastly, Cloudflare) is told about an answer (docs/decisions/038):
 * whether it may keep it for everyone, and which items it contains, so a purge can name them.
 */

/** On every answer: a purge of this key drops everything the cache holds of the site. */
export const SITE_TAG = 'site';

/** The families of public things a cache key can name; each is one procedure namespace, feed and list. */
export type TagSpace = 'news' | 'articles' | 'reports' | 'legal' | 'gallery' | 'stories';

const SPACES: Record<string, TagSpace> = {
  news: 'news',
  articles: 'articles',
  reports: 'reports',
  legal: 'legal',
  'legal-awareness': 'legal',
  gallery: 'gallery',
  stories: 'stories',
};

/** The space a procedure namespace (`news`, `legal`, …) or feed name (`legal-awareness`) belongs to. */
export const tagSpaceOf = (name: string): TagSpace | undefined => (Object.hasOwn(SPACES, name) ? SPACES[name] : undefined);

/** One public item: `news-12`. */
export const itemTag = (space: TagSpace, id: number) => `${space}-${id}`;
/** Every list of a kind (and so the home page, its feed and the sitemap): `list-news`. */
export const listTag = (space: TagSpace) => `list-${space}`;

/**
 * The keys a public read's answer names, from its procedure and what it returned: a page of a list
 * names the list, an item its own key. Only public procedures' answers reach here, so only public
 * items are ever named. Cheap: a look at the result's top level, on uncached answers only.
 */
export function tagsOfRead(path: string, data: unknown): string[] {
  const space = tagSpaceOf(path.slice(0, path.indexOf('.')));
  if (!space || !data || typeof data !== 'object') return [];
  if (Array.isArray((data as { items?: unknown }).items)) return [listTag(space)];
  const id = (data as { id?: unknown }).id;
  return typeof id === 'number' ? [itemTag(space, id)] : [];
}

/** Request-scoped: what the answer being made has read so far (procedures, feeds, the sitemap report here). */
export function noteCacheTags(res: Response, tags: Iterable<string>): void {
  const seen = (res.locals.cacheTags ??= new Set<string>()) as Set<string>;
  for (const tag of tags) seen.add(tag);
}

/**
 * Writes Cache-Tag (Cloudflare, comma-separated) and Surrogate-Key (Fastly, space-separated) from
 * what was noted, once, before the headers leave or the answer is stored (capture.ts). Only on
 * answers marked shared (sharedAnswer below): a private answer names nothing.
 */
export function writeCacheTags(res: Response): void {
  if (!res.locals.sharedAnswer || res.headersSent || res.locals.tagsWritten) return;
  res.locals.tagsWritten = true;
  // An answer that became private on the way (a refusal to a visitor over her budget, slow-down.ts).
  if (/no-store|private/i.test(String(res.getHeader('cache-control') ?? ''))) return;
  // A stored answer replayed through the chain (http.ts) brings the tags it was made with.
  if (res.hasHeader('cache-tag')) return;
  const tags = [SITE_TAG, ...((res.locals.cacheTags as Set<string> | undefined) ?? [])].sort();
  res.setHeader('Cache-Tag', tags.join(','));
  res.setHeader('Surrogate-Key', tags.join(' '));
}

/**
 * Marks an answer as one a shared cache may keep and sets its Cache-Control: browsers revalidate
 * each time (max-age=0, the ETag makes that a 304), shared caches keep it s-maxage seconds and may
 * serve it stale while they fetch a fresh one. The tags are written just before the headers go.
 */
export function sharedAnswer(res: Response, env: Pick<Env, 'CDN_MAX_AGE_SECONDS' | 'CDN_STALE_SECONDS'>): void {
  res.setHeader('Cache-Control', `public, max-age=0, s-maxage=${env.CDN_MAX_AGE_SECONDS}, stale-while-revalidate=${env.CDN_STALE_SECONDS}`);
  res.locals.sharedAnswer = true;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    writeCacheTags(this);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
}

/** An answer a cache in front must not keep or share: what a reader's own headers decided, validated by its ETag in her browser only. */
export function privateAnswer(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.locals.sharedAnswer = false;
}
