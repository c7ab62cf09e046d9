import { and, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { contactMessages, galleryItems, legalItems, posts, revisions, stories, uploads } from '../db/schema.ts';
import { publicCondition } from '../publication/visibility.ts';
import type { Storage } from '../uploads/storage.ts';
import { deleteFilesNow } from '../uploads/store.ts';

/**
 * Where stored files live (docs/decisions/012, 016): a file is on the public side exactly while
 * something visitors can see shows it (a published item's cover or body picture, a gallery item,
 * a published story), on the private side while only drafts, scheduled or withdrawn items,
 * revisions, pending stories or messages use it, and deleted once nothing uses it at all.
 */

/** An item whose files are settled: a news item, article or report (posts), or a legal-awareness item. */
export type FileOwner = { postId: number; legalId?: undefined } | { legalId: number; postId?: undefined };

/** Stored paths of the pictures named in stored JSON text (a body or a revision's snapshot). */
export function picturesIn(text: string | null | undefined): string[] {
  return [...(text ?? '').matchAll(/"(images\/[a-z0-9]+\.[a-z0-9]+)"/g)].map((match) => match[1]!);
}

/** The stored files an item shows now: its cover (or legal media) and the pictures of both bodies. */
export function shownFiles(cover: string | null, bodies: { bodyEn: string | null; bodyFa: string | null }): string[] {
  return [...(cover ? [cover] : []), ...picturesIn(bodies.bodyEn), ...picturesIn(bodies.bodyFa)];
}

/** Every file an item refers to: what it shows now and the pictures of each of its revisions. */
export function filesOfItem(db: DbLike, owner: FileOwner): string[] {
  const row = owner.postId
    ? db.select({ cover: posts.image, bodyEn: posts.bodyEn, bodyFa: posts.bodyFa }).from(posts).where(eq(posts.id, owner.postId)).get()
    : db.select({ cover: legalItems.media, bodyEn: legalItems.bodyEn, bodyFa: legalItems.bodyFa }).from(legalItems).where(eq(legalItems.id, owner.legalId!)).get();
  const snapshots = db
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(owner.postId ? eq(revisions.postId, owner.postId) : eq(revisions.legalId, owner.legalId!))
    .all();
  return [...new Set([...(row ? shownFiles(row.cover, row) : []), ...snapshots.flatMap((revision) => picturesIn(revision.snapshot))])];
}

/** Conditions "shows this file", per table; `onlyPublic` keeps to what visitors can see. */
function usesOf(path: string, onlyPublic: boolean): { found: (db: DbLike) => unknown }[] {
  const quoted = `%"${path}"%`;
  const where = (condition: SQL | undefined, publicOnly: SQL | undefined) => (onlyPublic ? and(publicOnly, condition) : condition);
  const all = [
    (db: DbLike) =>
      db
        .select({ id: posts.id })
        .from(posts)
        .where(where(or(eq(posts.image, path), like(posts.bodyEn, quoted), like(posts.bodyFa, quoted)), publicCondition(posts.status)))
        .get(),
    (db: DbLike) =>
      db
        .select({ id: legalItems.id })
        .from(legalItems)
        .where(where(or(eq(legalItems.media, path), like(legalItems.bodyEn, quoted), like(legalItems.bodyFa, quoted)), publicCondition(legalItems.status)))
        .get(),
    (db: DbLike) => db.select({ id: galleryItems.id }).from(galleryItems).where(eq(galleryItems.image, path)).get(),
    (db: DbLike) =>
      db
        .select({ id: stories.id })
        .from(stories)
        .where(where(eq(stories.media, path), eq(stories.status, 'published')))
        .get(),
  ];
  const privateOnly = [
    (db: DbLike) => db.select({ id: revisions.id }).from(revisions).where(like(revisions.snapshot, quoted)).get(),
    (db: DbLike) => db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.image, path)).get(),
  ];
  return (onlyPublic ? all : [...all, ...privateOnly]).map((found) => ({ found }));
}

/** Whether something visitors can see shows the file. */
export function isShownPublicly(db: DbLike, path: string): boolean {
  return usesOf(path, true).some((use) => Boolean(use.found(db)));
}

/** Whether anything at all (public or not, revisions and messages included) still uses the file. */
export function isUsed(db: DbLike, path: string): boolean {
  return usesOf(path, false).some((use) => Boolean(use.found(db)));
}

/** Every stored file visitors can see, read in one pass (for the check at start). */
export function publicFiles(db: DbLike): Set<string> {
  const found = new Set<string>();
  const add = (paths: (string | null)[]) => paths.forEach((path) => path && found.add(path));
  for (const row of db.select({ cover: posts.image, bodyEn: posts.bodyEn, bodyFa: posts.bodyFa }).from(posts).where(publicCondition(posts.status)).all())
    add(shownFiles(row.cover, row));
  for (const row of db
    .select({ cover: legalItems.media, bodyEn: legalItems.bodyEn, bodyFa: legalItems.bodyFa })
    .from(legalItems)
    .where(publicCondition(legalItems.status))
    .all())
    add(shownFiles(row.cover, row));
  add(db.select({ path: galleryItems.image }).from(galleryItems).all().map((row) => row.path));
  add(
    db
      .select({ path: stories.media })
      .from(stories)
      .where(eq(stories.status, 'published'))
      .all()
      .map((row) => row.path),
  );
  return found;
}

/**
 * Puts each of these files where its use calls for, at once (synchronously, right after the
 * commit that changed their items, so no reader sees an item and its files disagree): public when
 * something visitors see shows it, private when only unpublished things use it, deleted (with its
 * upload row) when nothing uses it any more. Returns the paths deleted.
 */
export function settleFiles(deps: { db: DbLike; storage: Storage }, paths: readonly (string | null | undefined)[]): string[] {
  const unused: string[] = [];
  for (const path of new Set(paths.filter((p): p is string => Boolean(p)))) {
    if (!isUsed(deps.db, path)) unused.push(path);
    else deps.storage.setVisibilityNow(path, isShownPublicly(deps.db, path) ? 'public' : 'private');
  }
  if (unused.length) {
    deps.db.delete(uploads).where(inArray(uploads.path, unused)).run();
    deleteFilesNow(deps.storage, unused);
  }
  return unused;
}
