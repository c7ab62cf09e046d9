import { desc, eq } from 'drizzle-orm';
import { PUBLIC_STATUS } from '../publication/visibility.ts';
import { byIdInput } from '../../shared/schemas/common.ts';
import { createGalleryInput, listGalleryInput, updateGalleryInput } from '../../shared/schemas/gallery.ts';
import { videoEmbedUrl } from '../../shared/video-links.ts';
import { galleryItems } from '../db/schema.ts';
import { editorProcedure, publicProcedure, router } from '../trpc/procedures.ts';
import { settleFiles } from '../editorial/item-files.ts';
import { describeGalleryPicture } from '../editorial/library.ts';
import { claimForField, libraryClaim, notFound, type Page } from './helpers.ts';
import { fieldError } from '../trpc/init.ts';
import { message } from '../../shared/messages.ts';
import { searchedPage } from '../search/run.ts';
import { pageOfList, readByIds } from './list-pages.ts';

export interface GalleryItem {
  id: number;
  /** English name; empty when the item is not in the English gallery. */
  name: string;
  /** Persian name; null or empty when the item is not in the Persian gallery. */
  nameFa: string | null;
  /** The picture's description for readers who cannot see it, and its caption, per language. */
  altEn: string | null;
  altFa: string | null;
  captionEn: string | null;
  captionFa: string | null;
  image: string | null;
  videoLink: string | null;
  /** youtube-nocookie embed of videoLink, when it is a recognised video link. */
  embedUrl: string | null;
  createdAt: Date;
}

const columns = {
  id: galleryItems.id,
  name: galleryItems.name,
  nameFa: galleryItems.nameFa,
  altEn: galleryItems.altEn,
  altFa: galleryItems.altFa,
  captionEn: galleryItems.captionEn,
  captionFa: galleryItems.captionFa,
  image: galleryItems.image,
  videoLink: galleryItems.videoLink,
  createdAt: galleryItems.createdAt,
};

const present = (row: Omit<GalleryItem, 'embedUrl'>): GalleryItem => ({
  ...row,
  embedUrl: videoEmbedUrl(row.videoLink),
});

const readRows = readByIds(galleryItems.id, (db, ids) =>
  db.select(columns).from(galleryItems).where(ids).orderBy(desc(galleryItems.createdAt), desc(galleryItems.id)),
);

export const galleryRouter = router({
  list: publicProcedure.input(listGalleryInput).query(async ({ ctx, input }): Promise<Page<GalleryItem>> => {
    // Every gallery item is public, so the list's search box asks as the public does.
    const searched = await searchedPage(ctx, 'gallery', input, 'public');
    const written = input.language ? (input.language === 'fa' ? galleryItems.nameFa : galleryItems.name) : undefined;
    const { rows, total } = await pageOfList(ctx, { table: galleryItems, written }, input, searched, readRows);
    return { items: rows.map(present), total, page: input.page, pageSize: input.pageSize };
  }),

  create: editorProcedure
    .meta({ changesPublicContent: true })
    .input(createGalleryInput)
    .mutation(async ({ ctx, input }) => {
      // The picture goes public once the item is committed (settleFiles); it is in the library from now on.
      const row = await ctx.db.transaction(async (tx) => {
        const image = input.imageUploadId ? (await claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId', libraryClaim(ctx))).path : null;
        const [row] = await tx
          .insert(galleryItems)
          .values({
            name: input.name ?? '',
            nameFa: input.nameFa ?? null,
            altEn: input.altEn ?? null,
            altFa: input.altFa ?? null,
            captionEn: input.captionEn ?? null,
            captionFa: input.captionFa ?? null,
            image,
            videoLink: input.videoLink ?? null,
          })
          .returning(columns);
        await describeGalleryPicture(tx, row!.id);
        await settleFiles(ctx, [row!.image]);
        return row!;
      });
      // Gallery items are always public: the item and the gallery's lists (decision 038).
      ctx.publicChange?.saw(null, { status: PUBLIC_STATUS, id: row.id }, 'gallery');
      return present(row);
    }),

  /** One item for its edit page. */
  adminById: editorProcedure.input(byIdInput).query(async ({ ctx, input }): Promise<GalleryItem> => {
    const [row] = await ctx.db.select(columns).from(galleryItems).where(eq(galleryItems.id, input.id)).limit(1);
    if (!row) throw notFound(ctx);
    return present(row);
  }),

  /**
   * Changes what was sent: names, a new image, the video link. The old image stays in the picture
   * library, private unless something else shows it (src/server/editorial/item-files.ts).
   */
  update: editorProcedure
    .meta({ changesPublicContent: true })
    .input(updateGalleryInput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            image: galleryItems.image,
            videoLink: galleryItems.videoLink,
            name: galleryItems.name,
            nameFa: galleryItems.nameFa,
            altEn: galleryItems.altEn,
            altFa: galleryItems.altFa,
          })
          .from(galleryItems)
          .where(eq(galleryItems.id, input.id))
          .limit(1);
        if (!current) throw notFound(ctx);
        const stored = current.image;
        const changes: Partial<typeof galleryItems.$inferInsert> = { updatedAt: new Date() };
        if (input.name !== undefined) changes.name = input.name ?? '';
        for (const key of ['nameFa', 'altEn', 'altFa', 'captionEn', 'captionFa', 'videoLink'] as const) if (input[key] !== undefined) changes[key] = input[key];
        if (input.imageUploadId) changes.image = (await claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId', libraryClaim(ctx))).path;
        const image = changes.image ?? stored;
        const videoLink = input.videoLink === undefined ? current.videoLink : input.videoLink;
        // The add form's rule holds after an edit too: an image or a video link.
        if (!image && !videoLink) throw fieldError('videoLink', message(ctx.lang, 'galleryMediaRequired'));
        const after = { ...current, ...changes };
        if (!after.name && !after.nameFa) throw fieldError('name', message(ctx.lang, 'nameInEitherLanguage'));

        const [row] = await tx.update(galleryItems).set(changes).where(eq(galleryItems.id, input.id)).returning(columns);
        await describeGalleryPicture(tx, input.id);
        await settleFiles(ctx, [stored, row!.image]);
        return row!;
      });
      // Gallery items are always public: the item and the gallery's lists (decision 038).
      ctx.publicChange?.saw(null, { status: PUBLIC_STATUS, id: row.id }, 'gallery');
      return present(row);
    }),

  delete: editorProcedure
    .meta({ changesPublicContent: true })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      // Its picture stays if another item uses it, or in the library (src/server/editorial/item-files.ts).
      await ctx.db.transaction(async (tx) => {
        const [removed] = await tx.delete(galleryItems).where(eq(galleryItems.id, input.id)).returning({ image: galleryItems.image });
        if (!removed) throw notFound(ctx);
        await settleFiles(ctx, [removed.image]);
      });
      ctx.publicChange?.saw({ status: PUBLIC_STATUS, id: input.id }, null, 'gallery');
      return { id: input.id };
    }),
});
