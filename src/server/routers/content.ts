import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { MessageKey } from '../../shared/messages.ts';
import {
  contentByIdInput,
  createContentInput,
  listContentInput,
  updateContentInput,
  type Category,
  type ContentKind,
  type Country,
  type MediaItemInput,
} from '../../shared/schemas/content.ts';
import type { Db } from '../db/client.ts';
import { postMedia, posts } from '../db/schema.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';
import { deleteFiles, forgetStoredFiles } from '../uploads/store.ts';
import { claimForField, notFound, pageWindow, type Page } from './helpers.ts';

export interface MediaItem {
  link: string | null;
  titleEn: string | null;
  titleFa: string | null;
  descriptionEn: string | null;
  descriptionFa: string | null;
}

export interface ContentItem {
  id: number;
  kind: ContentKind;
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  image: string;
  category: Category | null;
  country: Country | null;
  media: MediaItem[];
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: posts.id,
  kind: posts.kind,
  titleEn: posts.titleEn,
  titleFa: posts.titleFa,
  descriptionEn: posts.descriptionEn,
  descriptionFa: posts.descriptionFa,
  image: posts.image,
  category: posts.category,
  country: posts.country,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

const notFoundKey: Record<ContentKind, MessageKey> = { news: 'newsNotFound', article: 'articleNotFound', report: 'reportNotFound' };

function withMedia(db: Db, rows: Omit<ContentItem, 'media'>[]): ContentItem[] {
  if (!rows.length) return [];
  const media = db
    .select({
      postId: postMedia.postId,
      link: postMedia.link,
      titleEn: postMedia.titleEn,
      titleFa: postMedia.titleFa,
      descriptionEn: postMedia.descriptionEn,
      descriptionFa: postMedia.descriptionFa,
    })
    .from(postMedia)
    .where(inArray(postMedia.postId, rows.map((row) => row.id)))
    .orderBy(asc(postMedia.postId), asc(postMedia.position))
    .all();
  return rows.map((row) => ({
    ...row,
    category: row.category as Category | null,
    country: row.country as Country | null,
    media: media.filter((m) => m.postId === row.id).map(({ postId: _postId, ...item }) => item),
  }));
}

function findItem(db: Db, kind: ContentKind, id: number): ContentItem | undefined {
  const row = db.select(columns).from(posts).where(and(eq(posts.kind, kind), eq(posts.id, id))).get();
  return row ? withMedia(db, [row as Omit<ContentItem, 'media'>])[0] : undefined;
}

/** Media items with at least one value; empty ones from blank form rows are dropped. */
function mediaRows(postId: number, media: readonly MediaItemInput[]) {
  return media
    .filter((item) => Object.values(item).some(Boolean))
    .map((item, position) => ({
      postId,
      position,
      link: item.link ?? null,
      titleEn: item.titleEn ?? null,
      titleFa: item.titleFa ?? null,
      descriptionEn: item.descriptionEn ?? null,
      descriptionFa: item.descriptionFa ?? null,
    }));
}

/** The list, byId, create, update and delete procedures of one content kind. */
export function contentRouter(kind: ContentKind) {
  return router({
    list: publicProcedure.input(listContentInput).query(({ ctx, input }): Page<ContentItem> => {
      const conditions: SQL[] = [eq(posts.kind, kind)];
      if (input.category) conditions.push(eq(posts.category, input.category));
      if (input.country) conditions.push(eq(posts.country, input.country));
      const where = and(...conditions);
      const { limit, offset } = pageWindow(input);
      const rows = ctx.db.select(columns).from(posts).where(where).orderBy(desc(posts.createdAt), desc(posts.id)).limit(limit).offset(offset).all();
      const total = ctx.db.select({ value: count() }).from(posts).where(where).get()?.value ?? 0;
      return { items: withMedia(ctx.db, rows as Omit<ContentItem, 'media'>[]), total, page: input.page, pageSize: input.pageSize };
    }),

    byId: publicProcedure.input(contentByIdInput).query(({ ctx, input }) => {
      const item = findItem(ctx.db, kind, input.id);
      if (!item) throw notFound(ctx, notFoundKey[kind]);
      return item;
    }),

    create: adminProcedure.input(createContentInput).mutation(({ ctx, input }) => {
      const id = ctx.db.transaction((tx) => {
        const upload = claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId');
        const inserted = tx
          .insert(posts)
          .values({
            kind,
            titleEn: input.titleEn,
            titleFa: input.titleFa,
            descriptionEn: input.descriptionEn,
            descriptionFa: input.descriptionFa,
            image: upload.path,
            category: input.category ?? null,
            country: input.country ?? null,
          })
          .returning({ id: posts.id })
          .get();
        const media = mediaRows(inserted.id, input.media);
        if (media.length) tx.insert(postMedia).values(media).run();
        return inserted.id;
      });
      return findItem(ctx.db, kind, id)!;
    }),

    update: adminProcedure.input(updateContentInput).mutation(async ({ ctx, input }) => {
      const replaced = ctx.db.transaction((tx) => {
        const current = tx.select({ image: posts.image }).from(posts).where(and(eq(posts.kind, kind), eq(posts.id, input.id))).get();
        if (!current) throw notFound(ctx, notFoundKey[kind]);
        const changes: Partial<typeof posts.$inferInsert> = { updatedAt: new Date() };
        if (input.titleEn) changes.titleEn = input.titleEn;
        if (input.titleFa) changes.titleFa = input.titleFa;
        if (input.descriptionEn) changes.descriptionEn = input.descriptionEn;
        if (input.descriptionFa) changes.descriptionFa = input.descriptionFa;
        if (input.category !== undefined) changes.category = input.category;
        if (input.country !== undefined) changes.country = input.country;
        let oldFiles: string[] = [];
        if (input.imageUploadId) {
          changes.image = claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId').path;
          oldFiles = forgetStoredFiles(tx, [current.image]);
        }
        tx.update(posts).set(changes).where(eq(posts.id, input.id)).run();
        if (input.media) {
          tx.delete(postMedia).where(eq(postMedia.postId, input.id)).run();
          const media = mediaRows(input.id, input.media);
          if (media.length) tx.insert(postMedia).values(media).run();
        }
        return oldFiles;
      });
      await deleteFiles(ctx.storage, replaced);
      return findItem(ctx.db, kind, input.id)!;
    }),

    delete: adminProcedure.input(contentByIdInput).mutation(async ({ ctx, input }) => {
      const files = ctx.db.transaction((tx) => {
        const removed = tx.delete(posts).where(and(eq(posts.kind, kind), eq(posts.id, input.id))).returning({ image: posts.image }).get();
        if (!removed) throw notFound(ctx, notFoundKey[kind]);
        return forgetStoredFiles(tx, [removed.image]);
      });
      await deleteFiles(ctx.storage, files);
      return { id: input.id };
    }),
  });
}
