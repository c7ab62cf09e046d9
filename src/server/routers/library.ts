import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { privateMediaUrl } from '../../shared/image-url.ts';
import { hasVariants, variantPath } from '../../shared/image-variants.ts';
import { message } from '../../shared/messages.ts';
import { libraryListInput, libraryPictureInput } from '../../shared/schemas/library.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { uploads } from '../db/schema.ts';
import { afterCommit } from '../db/transaction-scope.ts';
import { isUsed, usedAmong } from '../editorial/item-files.ts';
import { libraryPage, libraryPicture } from '../editorial/library.ts';
import { editorProcedure, router, writerProcedure } from '../trpc/procedures.ts';
import { deleteFiles } from '../uploads/store.ts';
import { notFound, type Page } from './helpers.ts';

export interface LibraryPicture {
  /** The upload id: what a cover field (`imageUploadId`, `mediaUploadId`) takes to use it again. */
  id: string;
  /** The stored path: what a body picture (`src`) takes. */
  path: string;
  /** A small copy for the grid, on the editors' path (an unused picture is private). */
  thumbnailUrl: string;
  /** The picture itself, on the editors' path. */
  url: string;
  width: number | null;
  height: number | null;
  /** The descriptions it was given where used, newest first, one per line. */
  description: string | null;
  /** Whether an item (any status, its earlier versions included) uses it: only an unused picture can be removed. */
  inUse: boolean;
  /** When it entered the library. */
  createdAt: Date;
}

const onEditorsPath = (path: string) => privateMediaUrl(path) ?? `/media/private/${path}`;

/**
 * The picture library (docs/decisions/035). Writers may browse it and use its pictures in their
 * drafts; only editors remove a picture, and only one that nothing uses.
 */
export const libraryRouter = router({
  list: writerProcedure.input(libraryListInput).query(async ({ ctx, input }): Promise<Page<LibraryPicture>> => {
    const { rows, total } = await libraryPage(ctx.db, input);
    const used = await usedAmong(
      ctx.db,
      rows.map((row) => row.path),
    );
    const items = rows.map((row) => ({
      ...row,
      thumbnailUrl: onEditorsPath(hasVariants(row.path) ? variantPath(row.path, 480, 'webp') : row.path),
      url: onEditorsPath(row.path),
      inUse: used.has(row.path),
    }));
    return { items, total, page: input.page, pageSize: input.pageSize };
  }),

  /**
   * Deletes a picture nothing uses: its row (erased like every deletion, docs/decisions/022), then
   * its file and variants once that is committed. Refused while any item or revision uses it; the
   * check and the deletion are one transaction, so an item saved with it meanwhile wins or waits.
   */
  remove: editorProcedure
    .meta({ changesPublicContent: false })
    .input(libraryPictureInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const picture = await libraryPicture(tx, input.id);
        if (!picture) throw notFound(ctx, 'libraryPictureNotFound');
        if (await isUsed(tx, picture.path)) throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'libraryPictureInUse') });
        await tx.delete(uploads).where(eq(uploads.id, picture.id));
        await afterCommit(() => deleteFiles(ctx.storage, [picture.path]));
      });
      await eraseDeleted(ctx.db, tablesNamed([uploads]));
      return { id: input.id };
    }),
});
