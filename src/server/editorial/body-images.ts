import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { storedBody } from './bodies.ts';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import type { DbLike } from '../db/client.ts';
import { galleryItems, legalItems, posts, revisions, stories, uploads } from '../db/schema.ts';
import type { MessageKey } from '../../shared/messages.ts';

/** A body names a picture that was not uploaded here, or is not a picture; `field` says which body. */
export class BodyImageRefused extends Error {
  readonly field: string;
  readonly key: MessageKey;
  constructor(field: string, key: MessageKey) {
    super(`${field}: ${key}`);
    this.field = field;
    this.key = key;
  }
}

/** Stored paths of the pictures inside a body. */
export function bodyImages(doc: RichTextDocument | undefined): string[] {
  return doc ? doc.content.flatMap((block) => (block.type === 'image' ? [block.attrs.src] : [])) : [];
}

/**
 * Makes the pictures of a body part of the item: each must be an image uploaded here (through the
 * upload pipeline: type sniffed, metadata stripped, variants made); a fresh upload is marked used,
 * so the stale-upload sweep leaves it alone. Call inside the transaction that saves the item.
 */
export function claimBodyImages(db: DbLike, field: string, paths: readonly string[], now: Date): void {
  const wanted = [...new Set(paths)];
  if (!wanted.length) return;
  const found = db.select({ path: uploads.path, kind: uploads.kind }).from(uploads).where(inArray(uploads.path, wanted)).all();
  if (found.length !== wanted.length) throw new BodyImageRefused(field, 'uploadNotFound');
  if (found.some((row) => row.kind !== 'image')) throw new BodyImageRefused(field, 'uploadMustBeImage');
  db.update(uploads)
    .set({ attachedAt: now })
    .where(and(inArray(uploads.path, wanted), sql`${uploads.attachedAt} IS NULL`))
    .run();
}

/** Whether anything other than the item being deleted still shows a picture (cover, body, gallery, story, revision). */
function usedElsewhere(db: DbLike, path: string, except: { postId?: number; legalId?: number }): boolean {
  const quoted = `%"${path}"%`;
  const inPosts = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(except.postId ? ne(posts.id, except.postId) : undefined, or(eq(posts.image, path), like(posts.bodyEn, quoted), like(posts.bodyFa, quoted))))
    .get();
  const inLegal = db
    .select({ id: legalItems.id })
    .from(legalItems)
    .where(
      and(
        except.legalId ? ne(legalItems.id, except.legalId) : undefined,
        or(eq(legalItems.media, path), like(legalItems.bodyEn, quoted), like(legalItems.bodyFa, quoted)),
      ),
    )
    .get();
  const inRevisions = db
    .select({ id: revisions.id })
    .from(revisions)
    .where(
      and(
        like(revisions.snapshot, quoted),
        except.postId ? or(sql`${revisions.postId} IS NULL`, ne(revisions.postId, except.postId)) : undefined,
        except.legalId ? or(sql`${revisions.legalId} IS NULL`, ne(revisions.legalId, except.legalId)) : undefined,
      ),
    )
    .get();
  const inGallery = db.select({ id: galleryItems.id }).from(galleryItems).where(eq(galleryItems.image, path)).get();
  const inStories = db.select({ id: stories.id }).from(stories).where(eq(stories.media, path)).get();
  return Boolean(inPosts || inLegal || inRevisions || inGallery || inStories);
}

/**
 * The body pictures of an item being deleted (its current bodies and every revision's) that
 * nothing else uses: their upload rows are forgotten here, the files deleted after commit.
 */
export function orphanedBodyImages(db: DbLike, owner: { postId?: number; legalId?: number }): string[] {
  const rows = owner.postId
    ? db.select({ bodyEn: posts.bodyEn, bodyFa: posts.bodyFa }).from(posts).where(eq(posts.id, owner.postId)).all()
    : db.select({ bodyEn: legalItems.bodyEn, bodyFa: legalItems.bodyFa }).from(legalItems).where(eq(legalItems.id, owner.legalId!)).all();
  const snapshots = db
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(owner.postId ? eq(revisions.postId, owner.postId) : eq(revisions.legalId, owner.legalId!))
    .all();
  const texts = [...rows.flatMap((row) => [row.bodyEn, row.bodyFa]), ...snapshots.map((row) => row.snapshot)];
  const paths = new Set<string>();
  for (const text of texts) for (const match of (text ?? '').matchAll(/"(images\/[a-z0-9]+\.[a-z0-9]+)"/g)) paths.add(match[1]!);
  const orphaned = [...paths].filter((path) => !usedElsewhere(db, path, owner));
  if (orphaned.length) db.delete(uploads).where(inArray(uploads.path, orphaned)).run();
  return orphaned;
}

/**
 * The stored files a saved item shows: its cover and the pictures of both bodies. They move to
 * the public side of the storage when the item is saved (uploads start private).
 */
export function shownFiles(cover: string | null, bodies: { bodyEn: string | null; bodyFa: string | null }): string[] {
  return [...(cover ? [cover] : []), ...bodyImages(storedBody(bodies.bodyEn, '')), ...bodyImages(storedBody(bodies.bodyFa, ''))];
}
