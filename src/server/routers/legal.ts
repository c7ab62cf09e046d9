import { and, desc, eq } from 'drizzle-orm';
import { addressColumns } from '../cache/purge-targets.ts';
import { byIdInput, pageInput, readerByIdInput, readerLanguage } from '../../shared/schemas/common.ts';
import type { Language } from '../../shared/locale.ts';
import { adminLegalListInput, createLegalInput, updateLegalInput } from '../../shared/schemas/legal.ts';
import { videoEmbedUrl } from '../../shared/video-links.ts';
import { longTextColumns } from '../db/long-text.ts';
import { legalItems } from '../db/schema.ts';
import {
  editorialColumns,
  withoutBodies,
  editorialDocuments,
  editorialOutput,
  summaryColumns,
  type EditorialOutput,
  type EditorialRow,
} from '../editorial/item.ts';
import { authorshipChanges } from '../editorial/authorship.ts';
import { clockOf } from '../publication/clock.ts';
import { scheduleChanged } from '../publication/scheduler.ts';
import { PUBLIC_STATUS, publicCondition } from '../publication/visibility.ts';
import { editorProcedure, everyoneAlikeProcedure, router, writerProcedure } from '../trpc/procedures.ts';
import { filesOfItem, settleFiles } from '../editorial/item-files.ts';
import { describeItemPictures } from '../editorial/library.ts';
import { claimForField, editorialChanges, libraryClaim, notFound, requireWrittenIn, type Page } from './helpers.ts';
import { requirePublishable, storedWords, wordsOfSave } from '../editorial/readiness.ts';
import { searchedPage } from '../search/run.ts';
import { pageOfList, readByIds, type RowsReader } from './list-pages.ts';
import { recordRevision } from './revisions/record.ts';

export interface LegalItem extends EditorialOutput {
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
  ...editorialColumns(legalItems),
  createdAt: legalItems.createdAt,
  updatedAt: legalItems.updatedAt,
};

/** One item's page (and its editor) also says what search engines and share cards show; lists do not read it. */
const detailColumns = { ...columns, ...summaryColumns(legalItems) };

type Row = Omit<LegalItem, keyof EditorialOutput | 'embedUrl'> & EditorialRow;

const present = (row: Row, rendered: boolean, media: 'public' | 'private' = 'public'): LegalItem => ({
  ...editorialOutput(row, { rendered, media }),
  embedUrl: videoEmbedUrl(row.videoLink),
});

const listColumns = withoutBodies(columns);

const readRows = readByIds(legalItems.id, (db, ids, _value, dialect) =>
  db
    .select({ ...listColumns, ...longTextColumns(legalItems, dialect, false) })
    .from(legalItems)
    .where(ids)
    .orderBy(desc(legalItems.createdAt), desc(legalItems.id)),
);

async function pageOf(
  ctx: Parameters<typeof pageOfList>[0],
  status: string | undefined,
  input: { page: number; pageSize: number; author?: number; language?: Language },
  searched: { ids: number[]; total: number } | null = null,
): Promise<Page<LegalItem>> {
  const author = input.author === undefined ? undefined : String(input.author);
  const filters = [
    [legalItems.status, status],
    [legalItems.createdBy, author],
  ] as const;
  const written = input.language ? (input.language === 'fa' ? legalItems.titleFa : legalItems.titleEn) : undefined;
  const { rows, total } = await pageOfList(ctx, { table: legalItems, filters, written }, input, searched, readRows as RowsReader<Row>);
  return { items: rows.map((row) => present(row, false)), total, page: input.page, pageSize: input.pageSize };
}

/** A legal-awareness item is published with its media: a picture, a video or a video link. */
const mediaRules = (row: { media: string | null; mediaKind: 'image' | 'video' | null; videoLink: string | null }, newCover: boolean) => ({
  hasCover: Boolean(row.media || row.videoLink),
  coverIsPicture: row.mediaKind === 'image',
  cover: { field: 'mediaUploadId', missing: 'legalMediaRequired' as const, originalMissing: 'legalMediaRequired' as const },
  newCover,
});

export const legalRouter = router({
  list: everyoneAlikeProcedure.input(pageInput.extend({ language: readerLanguage })).query(({ ctx, input }) => pageOf(ctx, PUBLIC_STATUS, input)),

  byId: everyoneAlikeProcedure.input(readerByIdInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({ ...detailColumns, ...longTextColumns(legalItems, ctx.db.dialect, true) })
      .from(legalItems)
      .where(and(eq(legalItems.id, input.id), publicCondition(legalItems.status)))
      .limit(1);
    if (!row) throw notFound(ctx, 'legalNotFound');
    requireWrittenIn(ctx, row, input.language, 'legalNotFound');
    return present(row as Row, true);
  }),

  /** Every item whatever its status, for editors; filtered by status on request. */
  adminList: writerProcedure
    .input(adminLegalListInput)
    .query(async ({ ctx, input }) => pageOf(ctx, input.status, input, await searchedPage(ctx, 'legal', input))),

  /**
   * Any item, with its body documents for the editor and rendered as the public page will show
   * it; its pictures on the editors' path, since an unpublished item's files are not public.
   */
  adminById: writerProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select(detailColumns).from(legalItems).where(eq(legalItems.id, input.id)).limit(1);
    if (!row) throw notFound(ctx, 'legalNotFound');
    return { ...present(row as Row, true, 'private'), ...editorialDocuments(row) };
  }),

  // Each write's transaction settles the files the item used before and uses now; they move once it
  // commits (src/server/editorial/item-files.ts).
  create: writerProcedure
    .meta({ changesPublicContent: 'when-public' })
    .input(createLegalInput)
    .mutation(async ({ ctx, input }) => {
      const now = clockOf(ctx).now();
      const authorship = authorshipChanges(ctx, input, undefined, now);
      const row = await ctx.db.transaction(async (tx) => {
        const media = input.mediaUploadId ? await claimForField(ctx, tx, input.mediaUploadId, ['image', 'video'], 'mediaUploadId', libraryClaim(ctx)) : null;
        const [row] = await tx
          .insert(legalItems)
          .values({
            titleEn: input.titleEn ?? '',
            titleFa: input.titleFa ?? '',
            descriptionEn: '',
            descriptionFa: '',
            media: media?.path ?? null,
            mediaKind: media?.kind ?? null,
            videoLink: input.videoLink ?? null,
            ...authorship,
            ...(await editorialChanges(ctx, tx, input, undefined, now, { userId: ctx.user?.id ?? null, current: [] })),
          })
          .returning(detailColumns);
        requirePublishable(ctx, (await storedWords(tx, legalItems, row!.id))!, undefined, mediaRules(row!, true));
        await describeItemPictures(tx, { legalId: row!.id });
        await recordRevision(tx, ctx, { legalId: row!.id }, now);
        await settleFiles(ctx, await filesOfItem(tx, { legalId: row!.id }));
        return row!;
      });
      await scheduleChanged(ctx);
      ctx.publicChange?.saw(undefined, row, 'legal');
      return present(row as Row, true);
    }),

  update: writerProcedure
    .meta({ changesPublicContent: 'when-public' })
    .input(updateLegalInput)
    .mutation(async ({ ctx, input }) => {
      const now = clockOf(ctx).now();
      const owner = { legalId: input.id };
      const row = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ ...addressColumns(legalItems), status: legalItems.status, publishAt: legalItems.publishAt, createdBy: legalItems.createdBy })
          .from(legalItems)
          .where(eq(legalItems.id, input.id))
          .limit(1);
        if (!current) throw notFound(ctx, 'legalNotFound');
        const authorship = authorshipChanges(ctx, input, current, now);
        const wordsBefore = (await storedWords(tx, legalItems, input.id))!;
        const before = await filesOfItem(tx, owner);
        const changes: Partial<typeof legalItems.$inferInsert> = {
          updatedAt: now,
          ...authorship,
          ...(await editorialChanges(ctx, tx, input, current, now, { userId: ctx.user?.id ?? null, current: before })),
        };
        if (input.titleEn) changes.titleEn = input.titleEn;
        if (input.titleFa) changes.titleFa = input.titleFa;
        if (input.videoLink) changes.videoLink = input.videoLink;
        if (input.mediaUploadId) {
          const media = await claimForField(ctx, tx, input.mediaUploadId, ['image', 'video'], 'mediaUploadId', libraryClaim(ctx));
          changes.media = media.path;
          changes.mediaKind = media.kind;
        }
        const [row] = await tx.update(legalItems).set(changes).where(eq(legalItems.id, input.id)).returning(detailColumns);
        const newCover = Boolean(input.mediaUploadId);
        const after = wordsOfSave((await storedWords(tx, legalItems, input.id))!, input, newCover);
        requirePublishable(ctx, after, wordsBefore, mediaRules(row!, newCover));
        await describeItemPictures(tx, owner);
        await recordRevision(tx, ctx, owner, now);
        await settleFiles(ctx, [...before, ...(await filesOfItem(tx, owner))]);
        ctx.publicChange?.saw(current, row, 'legal');
        return row!;
      });
      await scheduleChanged(ctx);
      return present(row as Row, true);
    }),

  /** Deletes the item with its revisions; its files go with it unless something else uses them. */
  delete: editorProcedure
    .meta({ changesPublicContent: 'when-public' })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const files = await filesOfItem(tx, { legalId: input.id });
        const [removed] = await tx
          .delete(legalItems)
          .where(eq(legalItems.id, input.id))
          .returning({ ...addressColumns(legalItems), status: legalItems.status });
        if (!removed) throw notFound(ctx, 'legalNotFound');
        ctx.publicChange?.saw(removed, undefined, 'legal');
        await settleFiles(ctx, files);
      });
      await scheduleChanged(ctx);
      return { id: input.id };
    }),
});
