import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbLike } from '../../db/client.ts';
import { legalItems, posts, revisions } from '../../db/schema.ts';
import { documentsOf } from '../../editorial/bodies.ts';
import type { Context } from '../../trpc/context.ts';
import type { RevisionOwner, RevisionSnapshot } from './snapshot.ts';

/** The editable state of an item now: both languages, publication, the cover's words, the slugs and search descriptions. */
async function snapshotOf(db: DbLike, owner: RevisionOwner): Promise<RevisionSnapshot | undefined> {
  const table = owner.postId ? posts : legalItems;
  const id = owner.postId ?? owner.legalId!;
  const [row] = await db
    .select({
      titleEn: table.titleEn,
      titleFa: table.titleFa,
      descriptionEn: table.descriptionEn,
      descriptionFa: table.descriptionFa,
      bodyEn: table.bodyEn,
      bodyFa: table.bodyFa,
      status: table.status,
      publishAt: table.publishAt,
      coverAltEn: table.coverAltEn,
      coverAltFa: table.coverAltFa,
      coverCaptionEn: table.coverCaptionEn,
      coverCaptionFa: table.coverCaptionFa,
      coverCredit: table.coverCredit,
      coverCreditFa: table.coverCreditFa,
      slugEn: table.slugEn,
      slugFa: table.slugFa,
      summaryEn: table.summaryEn,
      summaryFa: table.summaryFa,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  if (!row) return undefined;
  const documents = documentsOf(row);
  return {
    titleEn: row.titleEn,
    titleFa: row.titleFa,
    bodyEn: documents.en,
    bodyFa: documents.fa,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    coverAltEn: row.coverAltEn,
    coverAltFa: row.coverAltFa,
    coverCaptionEn: row.coverCaptionEn,
    coverCaptionFa: row.coverCaptionFa,
    coverCredit: row.coverCredit,
    coverCreditFa: row.coverCreditFa,
    slugEn: row.slugEn,
    slugFa: row.slugFa,
    summaryEn: row.summaryEn,
    summaryFa: row.summaryFa,
  };
}

const ownerColumn = (owner: RevisionOwner) => (owner.postId ? eq(revisions.postId, owner.postId) : eq(revisions.legalId, owner.legalId!));

/**
 * Keeps the state an editor just saved as a revision (who, when, both languages) and deletes the
 * oldest beyond REVISIONS_KEEP. Call inside the transaction that saved the item.
 */
export async function recordRevision(db: DbLike, ctx: Pick<Context, 'user' | 'env'>, owner: RevisionOwner, now: Date): Promise<void> {
  const snapshot = await snapshotOf(db, owner);
  if (!snapshot) return;
  await db.insert(revisions).values({
    postId: owner.postId ?? null,
    legalId: owner.legalId ?? null,
    userId: ctx.user?.id ?? null,
    userEmail: ctx.user?.email ?? null,
    snapshot: JSON.stringify(snapshot),
    createdAt: now,
  });
  const [oldestKept] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(ownerColumn(owner))
    .orderBy(desc(revisions.id))
    .limit(1)
    .offset(ctx.env.REVISIONS_KEEP - 1);
  if (oldestKept) {
    const stale = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(ownerColumn(owner), lt(revisions.id, oldestKept.id)));
    if (stale.length)
      await db.delete(revisions).where(
        inArray(
          revisions.id,
          stale.map((row) => row.id),
        ),
      );
  }
}
