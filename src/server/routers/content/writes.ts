import { and, eq } from 'drizzle-orm';
import { contentKinds } from '../../../shared/content-kinds.ts';
import type { ContentKind, CreateContentInput, UpdateContentInput } from '../../../shared/schemas/content.ts';
import { posts } from '../../db/schema.ts';
import { filesOfItem, settleFiles } from '../../editorial/item-files.ts';
import { clockOf } from '../../publication/clock.ts';
import { scheduleChanged } from '../../publication/scheduler.ts';
import type { Context } from '../../trpc/context.ts';
import { claimForField, editorialChanges, notFound, requireCoverAlt } from '../helpers.ts';
import { recordRevision } from '../revisions/record.ts';
import { insertMedia, replaceMedia } from './media-list.ts';
import { findItem, findRow, type ContentItem } from './reads.ts';

/*
 * Every write ends the same way, in the tick of its commit: the files the item used before and
 * uses now are settled (public while a published item shows them, private otherwise, deleted once
 * nothing uses them; src/server/editorial/item-files.ts) and the scheduler looks at its times again.
 */

export function createItem(ctx: Context, kind: ContentKind, input: CreateContentInput): ContentItem {
  requireCoverAlt(ctx, input);
  const now = clockOf(ctx).now();
  const id = ctx.db.transaction((tx) => {
    const upload = claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId');
    const inserted = tx
      .insert(posts)
      .values({
        kind,
        titleEn: input.titleEn,
        titleFa: input.titleFa,
        descriptionEn: '',
        descriptionFa: '',
        image: upload.path,
        category: input.category ?? null,
        country: input.country ?? null,
        ...editorialChanges(ctx, tx, input, undefined, now),
      })
      .returning({ id: posts.id })
      .get();
    insertMedia(tx, inserted.id, input.media);
    recordRevision(tx, ctx, { postId: inserted.id }, now);
    return inserted.id;
  });
  settleFiles(ctx, filesOfItem(ctx.db, { postId: id }));
  scheduleChanged(ctx);
  const item = findItem(ctx.db, kind, id, true)!;
  ctx.publicChange?.saw(undefined, item);
  return item;
}

export function updateItem(ctx: Context, kind: ContentKind, input: UpdateContentInput): ContentItem {
  const now = clockOf(ctx).now();
  const owner = { postId: input.id };
  const { before, current } = ctx.db.transaction((tx) => {
    const current = tx
      .select({ status: posts.status, publishAt: posts.publishAt })
      .from(posts)
      .where(and(eq(posts.kind, kind), eq(posts.id, input.id)))
      .get();
    if (!current) throw notFound(ctx, contentKinds[kind].notFound);
    if (input.imageUploadId) requireCoverAlt(ctx, input);
    const before = filesOfItem(tx, owner);
    const changes: Partial<typeof posts.$inferInsert> = { updatedAt: now, ...editorialChanges(ctx, tx, input, current, now) };
    if (input.titleEn) changes.titleEn = input.titleEn;
    if (input.titleFa) changes.titleFa = input.titleFa;
    if (input.category !== undefined) changes.category = input.category;
    if (input.country !== undefined) changes.country = input.country;
    if (input.imageUploadId) changes.image = claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId').path;
    tx.update(posts).set(changes).where(eq(posts.id, input.id)).run();
    replaceMedia(tx, input.id, input);
    recordRevision(tx, ctx, owner, now);
    return { before, current };
  });
  settleFiles(ctx, [...before, ...filesOfItem(ctx.db, owner)]);
  scheduleChanged(ctx);
  const item = findItem(ctx.db, kind, input.id, true)!;
  ctx.publicChange?.saw(current, item);
  return item;
}

/** Deletes the item with its revisions; its files go with it unless something else uses them. */
export function deleteItem(ctx: Context, kind: ContentKind, id: number): { id: number } {
  const files = ctx.db.transaction((tx) => {
    const row = findRow(tx, kind, id, true);
    if (!row) throw notFound(ctx, contentKinds[kind].notFound);
    ctx.publicChange?.saw(row, undefined);
    const files = filesOfItem(tx, { postId: id });
    tx.delete(posts).where(and(eq(posts.kind, kind), eq(posts.id, id))).run();
    return files;
  });
  settleFiles(ctx, files);
  scheduleChanged(ctx);
  return { id };
}
