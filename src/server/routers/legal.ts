import { desc, eq } from 'drizzle-orm';
import { byIdInput, pageInput } from '../../shared/schemas/common.ts';
import { createLegalInput, updateLegalInput } from '../../shared/schemas/legal.ts';
import { videoEmbedUrl } from '../../shared/video-links.ts';
import { legalItems } from '../db/schema.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';
import { deleteFiles, forgetStoredFiles, publishFiles } from '../uploads/store.ts';
import { claimForField, notFound, type Page } from './helpers.ts';
import { inIds, newestFirstPage, perDatabase } from './list-pages.ts';

export interface LegalItem {
  id: number;
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  media: string | null;
  mediaKind: 'image' | 'video' | null;
  videoLink: string | null;
  embedUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: legalItems.id,
  titleEn: legalItems.titleEn,
  titleFa: legalItems.titleFa,
  descriptionEn: legalItems.descriptionEn,
  descriptionFa: legalItems.descriptionFa,
  media: legalItems.media,
  mediaKind: legalItems.mediaKind,
  videoLink: legalItems.videoLink,
  createdAt: legalItems.createdAt,
  updatedAt: legalItems.updatedAt,
};

const present = (row: Omit<LegalItem, 'embedUrl'>): LegalItem => ({ ...row, embedUrl: videoEmbedUrl(row.videoLink) });

const rowsOf = perDatabase((db) =>
  db.select(columns).from(legalItems).where(inIds(legalItems.id)).orderBy(desc(legalItems.createdAt), desc(legalItems.id)).prepare(),
);

export const legalRouter = router({
  list: publicProcedure.input(pageInput).query(({ ctx, input }): Page<LegalItem> => {
    const { ids, total } = newestFirstPage(ctx, { table: 'legal_items' }, input);
    const rows = ids.length ? rowsOf(ctx.db).all({ ids: JSON.stringify(ids) }) : [];
    return { items: rows.map(present), total, page: input.page, pageSize: input.pageSize };
  }),

  byId: publicProcedure.input(byIdInput).query(({ ctx, input }) => {
    const row = ctx.db.select(columns).from(legalItems).where(eq(legalItems.id, input.id)).get();
    if (!row) throw notFound(ctx, 'legalNotFound');
    return present(row);
  }),

  create: adminProcedure.meta({ changesPublicContent: true }).input(createLegalInput).mutation(async ({ ctx, input }) => {
    const row = ctx.db.transaction((tx) => {
      const media = input.mediaUploadId ? claimForField(ctx, tx, input.mediaUploadId, ['image', 'video'], 'mediaUploadId') : null;
      return tx
        .insert(legalItems)
        .values({
          titleEn: input.titleEn,
          titleFa: input.titleFa,
          descriptionEn: input.descriptionEn,
          descriptionFa: input.descriptionFa,
          media: media?.path ?? null,
          mediaKind: media?.kind ?? null,
          videoLink: input.videoLink ?? null,
        })
        .returning(columns)
        .get();
    });
    await publishFiles(ctx.storage, [row.media]);
    return present(row);
  }),

  update: adminProcedure.meta({ changesPublicContent: true }).input(updateLegalInput).mutation(async ({ ctx, input }) => {
    const { row, oldFiles } = ctx.db.transaction((tx) => {
      const current = tx.select({ media: legalItems.media }).from(legalItems).where(eq(legalItems.id, input.id)).get();
      if (!current) throw notFound(ctx, 'legalNotFound');
      const changes: Partial<typeof legalItems.$inferInsert> = { updatedAt: new Date() };
      if (input.titleEn) changes.titleEn = input.titleEn;
      if (input.titleFa) changes.titleFa = input.titleFa;
      if (input.descriptionEn) changes.descriptionEn = input.descriptionEn;
      if (input.descriptionFa) changes.descriptionFa = input.descriptionFa;
      if (input.videoLink) changes.videoLink = input.videoLink;
      let oldFiles: string[] = [];
      if (input.mediaUploadId) {
        const media = claimForField(ctx, tx, input.mediaUploadId, ['image', 'video'], 'mediaUploadId');
        changes.media = media.path;
        changes.mediaKind = media.kind;
        oldFiles = forgetStoredFiles(tx, [current.media]);
      }
      const row = tx.update(legalItems).set(changes).where(eq(legalItems.id, input.id)).returning(columns).get();
      return { row, oldFiles };
    });
    await deleteFiles(ctx.storage, oldFiles);
    await publishFiles(ctx.storage, [row.media]);
    return present(row);
  }),

  delete: adminProcedure.meta({ changesPublicContent: true }).input(byIdInput).mutation(async ({ ctx, input }) => {
    const files = ctx.db.transaction((tx) => {
      const removed = tx.delete(legalItems).where(eq(legalItems.id, input.id)).returning({ media: legalItems.media }).get();
      if (!removed) throw notFound(ctx, 'legalNotFound');
      return forgetStoredFiles(tx, [removed.media]);
    });
    await deleteFiles(ctx.storage, files);
    return { id: input.id };
  }),
});
