import { and, eq } from 'drizzle-orm';
import { contentKinds } from '../../../shared/content-kinds.ts';
import type { ContentKind, CreateContentInput, UpdateContentInput } from '../../../shared/schemas/content.ts';
import { posts } from '../../db/schema.ts';
import { filesOfItem, settleFiles } from '../../editorial/item-files.ts';
import { authorshipChanges } from '../../editorial/authorship.ts';
import { clockOf } from '../../publication/clock.ts';
import { scheduleChanged } from '../../publication/scheduler.ts';
import type { Context } from '../../trpc/context.ts';
import { describeItemPictures } from '../../editorial/library.ts';
import { claimForField, editorialChanges, libraryClaim, notFound } from '../helpers.ts';
import { requirePublishable, storedWords, wordsOfSave } from '../../editorial/readiness.ts';
import { recordRevision } from '../revisions/record.ts';
import { insertMedia, replaceMedia } from './media-list.ts';
import { findItem, findRow, type ContentItem } from './reads.ts';
import { addressColumns } from '../../cache/purge-targets.ts';

/*
 * Every write ends the same way: its transaction settles the files the item used before and uses
 * now, as the committed state calls for (public while a published item shows them, private
 * otherwise, deleted once nothing uses them; the files move once it commits:
 * src/server/editorial/item-files.ts), and after the commit the scheduler looks at its times again.
 */

/** A news item, article or report is published with a cover picture. */
const coverRules = (hasCover: boolean, newCover: boolean) => ({
  hasCover,
  coverIsPicture: true,
  cover: { field: 'imageUploadId', missing: 'coverNeededToPublish' as const, originalMissing: 'required' as const },
  newCover,
});

export async function createItem(ctx: Context, kind: ContentKind, input: CreateContentInput): Promise<ContentItem> {
  const now = clockOf(ctx).now();
  const authorship = authorshipChanges(ctx, input, undefined, now);
  const id = await ctx.db.transaction(async (tx) => {
    const upload = input.imageUploadId ? await claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId', libraryClaim(ctx)) : undefined;
    const [inserted] = await tx
      .insert(posts)
      .values({
        kind,
        titleEn: input.titleEn ?? '',
        titleFa: input.titleFa ?? '',
        descriptionEn: '',
        descriptionFa: '',
        // No cover yet: a draft's picture may come later (publishing needs one).
        image: upload?.path ?? '',
        category: input.category ?? null,
        country: input.country ?? null,
        ...authorship,
        ...(await editorialChanges(ctx, tx, input, undefined, now, { userId: ctx.user?.id ?? null, current: [] })),
      })
      .returning({ id: posts.id });
    const id = inserted!.id;
    requirePublishable(ctx, (await storedWords(tx, posts, id))!, undefined, coverRules(Boolean(upload), true));
    await insertMedia(tx, id, input.media);
    await describeItemPictures(tx, { postId: id });
    await recordRevision(tx, ctx, { postId: id }, now);
    await settleFiles(ctx, await filesOfItem(tx, { postId: id }));
    return id;
  });
  await scheduleChanged(ctx);
  const item = (await findItem(ctx.db, kind, id, true))!;
  ctx.publicChange?.saw(undefined, item, contentKinds[kind].section);
  return item;
}

export async function updateItem(ctx: Context, kind: ContentKind, input: UpdateContentInput): Promise<ContentItem> {
  const now = clockOf(ctx).now();
  const owner = { postId: input.id };
  const current = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ ...addressColumns(posts), status: posts.status, publishAt: posts.publishAt, createdBy: posts.createdBy, image: posts.image })
      .from(posts)
      .where(and(eq(posts.kind, kind), eq(posts.id, input.id)))
      .limit(1);
    if (!current) throw notFound(ctx, contentKinds[kind].notFound);
    const authorship = authorshipChanges(ctx, input, current, now);
    const wordsBefore = (await storedWords(tx, posts, input.id))!;
    const before = await filesOfItem(tx, owner);
    const changes: Partial<typeof posts.$inferInsert> = {
      updatedAt: now,
      ...authorship,
      ...(await editorialChanges(ctx, tx, input, current, now, { userId: ctx.user?.id ?? null, current: before })),
    };
    // A title given is set; an empty one leaves it (edit forms send what changed), so a language,
    // once added, stays.
    if (input.titleEn) changes.titleEn = input.titleEn;
    if (input.titleFa) changes.titleFa = input.titleFa;
    if (input.category !== undefined) changes.category = input.category;
    if (input.country !== undefined) changes.country = input.country;
    if (input.imageUploadId) changes.image = (await claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId', libraryClaim(ctx))).path;
    await tx.update(posts).set(changes).where(eq(posts.id, input.id));
    const newCover = Boolean(input.imageUploadId);
    const after = wordsOfSave((await storedWords(tx, posts, input.id))!, input, newCover);
    requirePublishable(ctx, after, wordsBefore, coverRules(Boolean(changes.image ?? current.image), newCover));
    await replaceMedia(tx, input.id, input);
    await describeItemPictures(tx, owner);
    await recordRevision(tx, ctx, owner, now);
    await settleFiles(ctx, [...before, ...(await filesOfItem(tx, owner))]);
    return current;
  });
  await scheduleChanged(ctx);
  const item = (await findItem(ctx.db, kind, input.id, true))!;
  ctx.publicChange?.saw(current, item, contentKinds[kind].section);
  return item;
}

/** Deletes the item with its revisions; its files go with it unless something else uses them. */
export async function deleteItem(ctx: Context, kind: ContentKind, id: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, kind, id, true);
    if (!row) throw notFound(ctx, contentKinds[kind].notFound);
    ctx.publicChange?.saw(row, undefined, contentKinds[kind].section);
    const files = await filesOfItem(tx, { postId: id });
    await tx.delete(posts).where(and(eq(posts.kind, kind), eq(posts.id, id)));
    await settleFiles(ctx, files);
  });
  await scheduleChanged(ctx);
  return { id };
}
