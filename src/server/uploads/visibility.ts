import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { galleryItems, legalItems, posts, stories, uploads } from '../db/schema.ts';
import type { Storage } from './storage.ts';

/** Stored paths of everything visitors may see: posts, the gallery, legal items and published stories. */
function publicPaths(db: Db): Set<string> {
  const paths = [
    ...db.select({ path: posts.image }).from(posts).all(),
    ...db.select({ path: galleryItems.image }).from(galleryItems).where(isNotNull(galleryItems.image)).all(),
    ...db.select({ path: legalItems.media }).from(legalItems).where(isNotNull(legalItems.media)).all(),
    ...db.select({ path: stories.media }).from(stories).where(eq(stories.status, 'published')).all(),
  ];
  return new Set(paths.map((row) => row.path).filter((path): path is string => Boolean(path)));
}

/**
 * Puts every stored file on the side its item calls for, at start: files stored before the
 * private side existed (a pending story's photo, a contact message's attachment, an unattached
 * upload) leave the public folder, and a move interrupted by a crash is finished.
 */
export async function reconcileVisibility(deps: { db: Db; storage: Storage }): Promise<number> {
  const visible = publicPaths(deps.db);
  let moved = 0;
  for (const { path } of deps.db.select({ path: uploads.path }).from(uploads).all()) {
    const side = visible.has(path) ? 'public' : 'private';
    if (deps.storage.existing(path, side)) continue;
    await deps.storage.setVisibility(path, side);
    moved += 1;
  }
  return moved;
}
