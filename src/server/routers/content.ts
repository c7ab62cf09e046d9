import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { contentKindIds, contentKinds, type ContentSection } from '../../shared/content-kinds.ts';
import { excerpt } from '../../shared/text.ts';
import {
  contentByIdInput,
  createContentInput,
  listContentInput,
  updateContentInput,
  type Category,
  type ContentKind,
  type Country,
  type MediaItemInput,
  type MediaItemPatch,
} from '../../shared/schemas/content.ts';
import type { Db, DbLike } from '../db/client.ts';
import { postMedia, posts } from '../db/schema.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';
import { deleteFiles, forgetStoredFiles, publishFiles } from '../uploads/store.ts';
import { claimForField, notFound, type Page } from './helpers.ts';
import { inIds, newestFirstPage, perDatabase } from './list-pages.ts';

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

const mediaOf = perDatabase((db) =>
  db
    .select({
      postId: postMedia.postId,
      link: postMedia.link,
      titleEn: postMedia.titleEn,
      titleFa: postMedia.titleFa,
      descriptionEn: postMedia.descriptionEn,
      descriptionFa: postMedia.descriptionFa,
    })
    .from(postMedia)
    .where(inIds(postMedia.postId))
    .orderBy(asc(postMedia.postId), asc(postMedia.position))
    .prepare(),
);

const rowsOf = perDatabase((db) => db.select(columns).from(posts).where(inIds(posts.id)).orderBy(desc(posts.createdAt), desc(posts.id)).prepare());

// For previews SQLite hands over one character more than the preview (enough to tell whether the
// text goes on), not whole articles in both languages.
const previewColumns = {
  ...columns,
  descriptionEn: sql<string>`substr(${posts.descriptionEn}, 1, ${sql.placeholder('length')})`,
  descriptionFa: sql<string>`substr(${posts.descriptionFa}, 1, ${sql.placeholder('length')})`,
};
const previewRowsOf = perDatabase((db) =>
  db.select(previewColumns).from(posts).where(inIds(posts.id)).orderBy(desc(posts.createdAt), desc(posts.id)).prepare(),
);

/** The rows of a page, in order; with descriptions cut to previews when the caller asks for them. */
function pageRows(db: Db, ids: number[], preview: number | undefined): Omit<ContentItem, 'media'>[] {
  if (!ids.length) return [];
  if (!preview) return rowsOf(db).all({ ids: JSON.stringify(ids) }) as Omit<ContentItem, 'media'>[];
  return (previewRowsOf(db).all({ ids: JSON.stringify(ids), length: preview + 1 }) as Omit<ContentItem, 'media'>[]).map((row) => ({
    ...row,
    descriptionEn: excerpt(row.descriptionEn, preview),
    descriptionFa: excerpt(row.descriptionFa, preview),
  }));
}

function withMedia(db: Db, rows: Omit<ContentItem, 'media'>[]): ContentItem[] {
  if (!rows.length) return [];
  const byPost = new Map<number, MediaItem[]>();
  for (const { postId, ...item } of mediaOf(db).all({ ids: JSON.stringify(rows.map((row) => row.id)) })) {
    let list = byPost.get(postId);
    if (!list) byPost.set(postId, (list = []));
    list.push(item);
  }
  return rows.map((row) => ({
    ...row,
    category: row.category as Category | null,
    country: row.country as Country | null,
    media: byPost.get(row.id) ?? [],
  }));
}

function findItem(db: Db, kind: ContentKind, id: number): ContentItem | undefined {
  const row = db.select(columns).from(posts).where(and(eq(posts.kind, kind), eq(posts.id, id))).get();
  return row ? withMedia(db, [row as Omit<ContentItem, 'media'>])[0] : undefined;
}

/** The stored media list of a post, as input items, read inside the edit's transaction. */
function storedMedia(db: DbLike, postId: number): MediaItemInput[] {
  return db
    .select({ link: postMedia.link, titleEn: postMedia.titleEn, titleFa: postMedia.titleFa, descriptionEn: postMedia.descriptionEn, descriptionFa: postMedia.descriptionFa })
    .from(postMedia)
    .where(eq(postMedia.postId, postId))
    .orderBy(asc(postMedia.position))
    .all()
    .map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value ?? undefined])) as MediaItemInput);
}

/** The first item with a patch laid over it (empty values clear a field); the others as they are. */
function patchFirst(media: readonly MediaItemInput[], patch: MediaItemPatch): MediaItemInput[] {
  const first: MediaItemInput = { ...media[0] };
  for (const [name, value] of Object.entries(patch) as [keyof MediaItemPatch, string | undefined][]) {
    if (value !== undefined) first[name] = value === '' ? undefined : value;
  }
  return [first, ...media.slice(1)];
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
function contentRouter(kind: ContentKind) {
  return router({
    list: publicProcedure.input(listContentInput).query(({ ctx, input }): Page<ContentItem> => {
      const filters = [
        ['kind', kind],
        ['category', input.category],
        ['country', input.country],
      ] as const;
      const { ids, total } = newestFirstPage(ctx, { table: 'posts', filters }, input);
      return { items: withMedia(ctx.db, pageRows(ctx.db, ids, input.excerpt)), total, page: input.page, pageSize: input.pageSize };
    }),

    byId: publicProcedure.input(contentByIdInput).query(({ ctx, input }) => {
      const item = findItem(ctx.db, kind, input.id);
      if (!item) throw notFound(ctx, contentKinds[kind].notFound);
      return item;
    }),

    create: adminProcedure.meta({ changesPublicContent: true }).input(createContentInput).mutation(async ({ ctx, input }) => {
      const { id, image } = ctx.db.transaction((tx) => {
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
        return { id: inserted.id, image: upload.path };
      });
      await publishFiles(ctx.storage, [image]);
      return findItem(ctx.db, kind, id)!;
    }),

    update: adminProcedure.meta({ changesPublicContent: true }).input(updateContentInput).mutation(async ({ ctx, input }) => {
      const replaced = ctx.db.transaction((tx) => {
        const current = tx.select({ image: posts.image }).from(posts).where(and(eq(posts.kind, kind), eq(posts.id, input.id))).get();
        if (!current) throw notFound(ctx, contentKinds[kind].notFound);
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
        if (input.media || input.firstMedia) {
          let list = input.media ?? storedMedia(tx, input.id);
          if (input.firstMedia) list = patchFirst(list, input.firstMedia);
          tx.delete(postMedia).where(eq(postMedia.postId, input.id)).run();
          const media = mediaRows(input.id, list);
          if (media.length) tx.insert(postMedia).values(media).run();
        }
        return oldFiles;
      });
      await deleteFiles(ctx.storage, replaced);
      const item = findItem(ctx.db, kind, input.id)!;
      await publishFiles(ctx.storage, [item.image]);
      return item;
    }),

    delete: adminProcedure.meta({ changesPublicContent: true }).input(contentByIdInput).mutation(async ({ ctx, input }) => {
      const files = ctx.db.transaction((tx) => {
        const removed = tx.delete(posts).where(and(eq(posts.kind, kind), eq(posts.id, input.id))).returning({ image: posts.image }).get();
        if (!removed) throw notFound(ctx, contentKinds[kind].notFound);
        return forgetStoredFiles(tx, [removed.image]);
      });
      await deleteFiles(ctx.storage, files);
      return { id: input.id };
    }),
  });
}

/** The routers of every content kind, each under its section name (news, articles, reports). */
export function contentRouters() {
  return Object.fromEntries(contentKindIds.map((kind) => [contentKinds[kind].section, contentRouter(kind)])) as Record<ContentSection, ReturnType<typeof contentRouter>>;
}
