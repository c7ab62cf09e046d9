import { requirePublishable, storedWords } from '../../editorial/readiness.ts';
import { addressColumns, sectionOfPost } from '../../cache/purge-targets.ts';
import { desc, eq, inArray } from 'drizzle-orm';
import { comparableText } from '../../../shared/rich-text/comparable-text.ts';
import { plainText } from '../../../shared/rich-text/plain-text.ts';
import { compareRevisionsInput, restoreRevisionInput, revisionOwnerInput } from '../../../shared/schemas/revisions.ts';
import { diffLines, type DiffLine } from '../../../shared/text-diff.ts';
import type { Db } from '../../db/client.ts';
import { legalItems, posts, revisions, users } from '../../db/schema.ts';
import { filesOfItem, settleFiles } from '../../editorial/item-files.ts';
import { describeItemPictures } from '../../editorial/library.ts';
import { clockOf } from '../../publication/clock.ts';
import { editorProcedure, router, writerProcedure } from '../../trpc/procedures.ts';
import { notFound } from '../helpers.ts';
import { recordRevision } from './record.ts';
import type { RevisionSnapshot } from './snapshot.ts';

const snapshotOf = (text: string) => JSON.parse(text) as RevisionSnapshot;

/** The fields a comparison shows, as text per language (bodies with their structure written out). */
const comparedFields = {
  titleEn: (snapshot: RevisionSnapshot) => snapshot.titleEn,
  titleFa: (snapshot: RevisionSnapshot) => snapshot.titleFa,
  bodyEn: (snapshot: RevisionSnapshot) => comparableText(snapshot.bodyEn),
  bodyFa: (snapshot: RevisionSnapshot) => comparableText(snapshot.bodyFa),
  coverAltEn: (snapshot: RevisionSnapshot) => snapshot.coverAltEn ?? '',
  coverAltFa: (snapshot: RevisionSnapshot) => snapshot.coverAltFa ?? '',
  coverCaptionEn: (snapshot: RevisionSnapshot) => snapshot.coverCaptionEn ?? '',
  coverCaptionFa: (snapshot: RevisionSnapshot) => snapshot.coverCaptionFa ?? '',
  coverCredit: (snapshot: RevisionSnapshot) => snapshot.coverCredit ?? '',
  coverCreditFa: (snapshot: RevisionSnapshot) => (snapshot.coverCreditFa === undefined ? snapshot.coverCredit : snapshot.coverCreditFa) ?? '',
  slugEn: (snapshot: RevisionSnapshot) => snapshot.slugEn ?? '',
  slugFa: (snapshot: RevisionSnapshot) => snapshot.slugFa ?? '',
  summaryEn: (snapshot: RevisionSnapshot) => snapshot.summaryEn ?? '',
  summaryFa: (snapshot: RevisionSnapshot) => snapshot.summaryFa ?? '',
};
export type ComparedField = keyof typeof comparedFields;

/**
 * Who saved: people are named by their name, never their e-mail address (a colleague's address is
 * not for everyone who can read a revision). Null for the scheduler, or an account since removed.
 */
async function savedByNames(db: Db, ids: (number | null)[]): Promise<Map<number | null, string>> {
  const known = ids.filter((id): id is number => id !== null);
  if (!known.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, known));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export const revisionsRouter = router({
  /** An item's revisions, newest first: who saved, when, and the titles then. */
  list: writerProcedure.input(revisionOwnerInput).query(async ({ ctx, input }) => {
    const owner = input.owner === 'post' ? eq(revisions.postId, input.id) : eq(revisions.legalId, input.id);
    const rows = await ctx.db
      .select({ id: revisions.id, createdAt: revisions.createdAt, savedBy: users.name, snapshot: revisions.snapshot })
      .from(revisions)
      .leftJoin(users, eq(users.id, revisions.userId))
      .where(owner)
      .orderBy(desc(revisions.id));
    return rows.map(({ snapshot, ...row }) => {
      const saved = snapshotOf(snapshot);
      return { ...row, titleEn: saved.titleEn, titleFa: saved.titleFa, status: saved.status };
    });
  }),

  /** What changed from one revision to another of the same item, field by field, line by line. */
  compare: writerProcedure.input(compareRevisionsInput).query(async ({ ctx, input }) => {
    const rows = await ctx.db
      .select()
      .from(revisions)
      .where(inArray(revisions.id, [input.from, input.to]));
    const from = rows.find((row) => row.id === input.from);
    const to = rows.find((row) => row.id === input.to);
    if (!from || !to || from.postId !== to.postId || from.legalId !== to.legalId) throw notFound(ctx, 'revisionNotFound');
    const before = snapshotOf(from.snapshot);
    const after = snapshotOf(to.snapshot);
    const changes: { field: ComparedField; lines: DiffLine[] }[] = [];
    for (const [field, read] of Object.entries(comparedFields) as [ComparedField, (snapshot: RevisionSnapshot) => string][]) {
      const [old, now] = [read(before), read(after)];
      if (old !== now) changes.push({ field, lines: diffLines(old, now) });
    }
    const names = await savedByNames(ctx.db, [from.userId, to.userId]);
    return {
      from: { id: from.id, createdAt: from.createdAt, savedBy: names.get(from.userId) ?? null },
      to: { id: to.id, createdAt: to.createdAt, savedBy: names.get(to.userId) ?? null },
      changes,
    };
  }),

  /**
   * Brings an item's words back to a revision: titles, bodies, the cover's words, slugs and search
   * descriptions in both languages. Publication is left as it is (restoring never publishes or withdraws), and the
   * restored state is kept as a new revision. The pictures it brings back become public with the
   * item if it is published; those it drops go private (src/server/editorial/item-files.ts).
   */
  restore: editorProcedure
    .meta({ changesPublicContent: 'when-public' })
    .input(restoreRevisionInput)
    .mutation(async ({ ctx, input }) => {
      const now = clockOf(ctx).now();
      return ctx.db.transaction(async (tx) => {
        const [revision] = await tx.select().from(revisions).where(eq(revisions.id, input.id)).limit(1);
        if (!revision) throw notFound(ctx, 'revisionNotFound');
        const saved = snapshotOf(revision.snapshot);
        const table = revision.postId ? posts : legalItems;
        const itemId = (revision.postId ?? revision.legalId)!;
        const owner = revision.postId ? { postId: itemId } : { legalId: itemId };
        const before = await filesOfItem(tx, owner);
        // Restoring leaves publication as it is: readers see it exactly when the item is public.
        const [item] = await tx
          .select({ ...addressColumns(table), status: table.status })
          .from(table)
          .where(eq(table.id, itemId))
          .limit(1);
        ctx.publicChange?.saw(item, item, revision.postId ? await sectionOfPost(tx, itemId) : 'legal');
        const wordsBefore = (await storedWords(tx, table, itemId))!;
        await tx
          .update(table)
          .set({
            titleEn: saved.titleEn,
            titleFa: saved.titleFa,
            bodyEn: JSON.stringify(saved.bodyEn),
            bodyFa: JSON.stringify(saved.bodyFa),
            descriptionEn: plainText(saved.bodyEn),
            descriptionFa: plainText(saved.bodyFa),
            coverAltEn: saved.coverAltEn,
            coverAltFa: saved.coverAltFa,
            coverCaptionEn: saved.coverCaptionEn,
            coverCaptionFa: saved.coverCaptionFa,
            coverCredit: saved.coverCredit,
            coverCreditFa: saved.coverCreditFa === undefined ? saved.coverCredit : saved.coverCreditFa,
            // A revision saved before slugs and search descriptions existed leaves the current ones.
            ...(saved.slugEn === undefined ? {} : { slugEn: saved.slugEn, slugFa: saved.slugFa ?? null }),
            ...(saved.summaryEn === undefined ? {} : { summaryEn: saved.summaryEn, summaryFa: saved.summaryFa ?? null }),
            updatedAt: now,
          })
          .where(eq(table.id, itemId));
        // A published item stays complete in each language it is in (an older revision may have been a draft's).
        requirePublishable(ctx, (await storedWords(tx, table, itemId))!, wordsBefore, { hasCover: true, coverIsPicture: false, newCover: false });
        await describeItemPictures(tx, owner);
        await recordRevision(tx, ctx, owner, now);
        const kind = revision.postId ? ((await tx.select({ kind: posts.kind }).from(posts).where(eq(posts.id, itemId)).limit(1))[0]?.kind ?? null) : 'legal';
        await settleFiles(ctx, [...before, ...(await filesOfItem(tx, owner))]);
        return { id: itemId, kind, titleEn: saved.titleEn };
      });
    }),
});
