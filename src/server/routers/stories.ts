import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { pageInput } from '../../shared/schemas/common.ts';
import { createStoryInput, listStoriesInput, storyIdInput } from '../../shared/schemas/stories.ts';
import { stories, uploads } from '../db/schema.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { arrivalTime } from '../security/submission-times.ts';
import type { Context } from '../trpc/context.ts';
import { editorProcedure, everyoneAlikeProcedure, publicWriteProcedure, router } from '../trpc/procedures.ts';
import { deleteFiles, forgetStoredFiles, hideFiles } from '../uploads/store.ts';
import { placeFiles } from '../editorial/item-files.ts';
import { claimForField, notFound, pageWindow, type Page } from './helpers.ts';
import { inOrderOf, searchedPage } from '../search/run.ts';

export interface Story {
  id: number;
  title: string;
  description: string;
  media: string | null;
  mediaKind: 'image' | 'video' | null;
  status: 'pending' | 'published';
  publishedAt: Date | null;
  createdAt: Date;
}

/** What visitors see of a published story: nothing about its moderation. */
export type PublishedStory = Omit<Story, 'status'>;

const columns = {
  id: stories.id,
  title: stories.title,
  description: stories.description,
  media: stories.media,
  mediaKind: stories.mediaKind,
  status: stories.status,
  publishedAt: stories.publishedAt,
  createdAt: stories.createdAt,
};

const { status: _status, ...publicColumns } = columns;
const isPublished = eq(stories.status, 'published');

/**
 * A published story as visitors get it: its time is when the site published it, never when it was
 * sent. Someone who watched a writer's network could otherwise match the minute she reached the
 * site with the story that appeared later.
 */
const asPublished = (row: PublishedStory): PublishedStory => ({ ...row, createdAt: row.publishedAt ?? row.createdAt });

/**
 * Unpublishing moves the story's file to the private side before the change; after it, whatever
 * the change, the file is placed where the committed state says (placeFiles reads it again under
 * the file's lock). A failure halfway leaves the file private, never a hidden story's file public.
 */
async function setStatus(ctx: Pick<Context, 'db' | 'lang' | 'storage' | 'publicChange'>, id: number, status: Story['status']): Promise<Story> {
  const [current] = await ctx.db.select({ media: stories.media, status: stories.status }).from(stories).where(eq(stories.id, id)).limit(1);
  if (!current) throw notFound(ctx, 'storyNotFound');
  if (status === 'pending') await hideFiles(ctx, [current.media]);
  const [row] = await ctx.db.transaction(async (tx) =>
    tx
      .update(stories)
      .set({ status, publishedAt: status === 'published' ? new Date() : null, updatedAt: new Date() })
      .where(eq(stories.id, id))
      .returning(columns),
  );
  if (!row) throw notFound(ctx, 'storyNotFound');
  ctx.publicChange?.saw(current, row, 'stories');
  // Published or not, the file's side as every commit so far left it (an unpublish on another node included).
  await placeFiles(ctx, [row.media]);
  return row;
}

export const storiesRouter = router({
  /** Public: a story is stored as pending and stays private until an editor publishes it. */
  create: publicWriteProcedure
    .meta({ changesPublicContent: false })
    .input(createStoryInput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const media = input.mediaUploadId ? await claimForField(ctx, tx, input.mediaUploadId, ['image', 'video'], 'mediaUploadId') : null;
        const arrived = arrivalTime(ctx.env);
        const [row] = await tx
          .insert(stories)
          .values({
            title: input.title,
            description: input.description,
            media: media?.path ?? null,
            mediaKind: media?.kind ?? null,
            createdAt: arrived,
            updatedAt: arrived,
          })
          .returning({ id: stories.id, createdAt: stories.createdAt });
        return row!;
      });
      // The author learns only that it was received: not the id of a moderation queue entry to poll.
      return { received: true as const, createdAt: row.createdAt };
    }),

  published: everyoneAlikeProcedure.input(pageInput).query(async ({ ctx, input }): Promise<Page<PublishedStory>> => {
    const { limit, offset } = pageWindow(input);
    const rows = await ctx.db
      .select(publicColumns)
      .from(stories)
      .where(isPublished)
      .orderBy(desc(stories.publishedAt), desc(stories.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await ctx.db.select({ value: count() }).from(stories).where(isPublished);
    return { items: rows.map(asPublished), total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),

  publishedById: everyoneAlikeProcedure.input(storyIdInput).query(async ({ ctx, input }): Promise<PublishedStory> => {
    const [row] = await ctx.db
      .select(publicColumns)
      .from(stories)
      .where(and(isPublished, eq(stories.id, input.id)))
      .limit(1);
    if (!row) throw notFound(ctx, 'storyNotFound');
    return asPublished(row);
  }),

  list: editorProcedure.input(listStoriesInput).query(async ({ ctx, input }): Promise<Page<Story>> => {
    const searched = await searchedPage(ctx, 'story', input);
    if (searched) {
      const rows = searched.ids.length ? await ctx.db.select(columns).from(stories).where(inArray(stories.id, searched.ids)) : [];
      return { items: inOrderOf(searched.ids, rows), total: searched.total, page: input.page, pageSize: input.pageSize };
    }
    const where: SQL | undefined = input.status === 'all' ? undefined : eq(stories.status, input.status);
    const { limit, offset } = pageWindow(input);
    const items = await ctx.db.select(columns).from(stories).where(where).orderBy(desc(stories.createdAt), desc(stories.id)).limit(limit).offset(offset);
    const [counted] = await ctx.db.select({ value: count() }).from(stories).where(where);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),

  byId: editorProcedure.input(storyIdInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select(columns).from(stories).where(eq(stories.id, input.id)).limit(1);
    if (!row) throw notFound(ctx, 'storyNotFound');
    return row;
  }),

  publish: editorProcedure
    .meta({ changesPublicContent: 'when-public', auditLabel: false })
    .input(storyIdInput)
    .mutation(({ ctx, input }) => setStatus(ctx, input.id, 'published')),
  unpublish: editorProcedure
    .meta({ changesPublicContent: 'when-public', auditLabel: false })
    .input(storyIdInput)
    .mutation(({ ctx, input }) => setStatus(ctx, input.id, 'pending')),

  delete: editorProcedure
    .meta({ changesPublicContent: 'when-public', auditLabel: false })
    .input(storyIdInput)
    .mutation(async ({ ctx, input }) => {
      const files = await ctx.db.transaction(async (tx) => {
        const [removed] = await tx.delete(stories).where(eq(stories.id, input.id)).returning({ id: stories.id, media: stories.media, status: stories.status });
        if (!removed) throw notFound(ctx, 'storyNotFound');
        ctx.publicChange?.saw(removed, undefined, 'stories');
        return forgetStoredFiles(tx, [removed.media]);
      });
      await eraseDeleted(ctx.db, tablesNamed([stories, uploads]));
      await deleteFiles(ctx.storage, files);
      return { id: input.id };
    }),
});
