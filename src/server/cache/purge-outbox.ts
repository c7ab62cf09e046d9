import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { execute, type Db, type DbLike } from '../db/client.ts';
import { cdnPurges } from '../db/schema.ts';
import type { PurgeTargets } from './purge-targets.ts';

/*
 * The purge outbox (decision 038), a queue in the database like mail/queue.ts: a row per public
 * change, claimed by one node at a time with a lease, deleted once its purge succeeded.
 */

/** The longest wait between two tries of one purge: a cache down for a day is purged within the hour of its return. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export const purgeBackoffMs = (retryMs: number, attempts: number) => Math.min(retryMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** One change's purge, as a node claimed it. */
export interface ClaimedPurge extends PurgeTargets {
  id: number;
  attempts: number;
  /** The lease this claim set: the row is this node's while it still says so. */
  leaseUntil: number;
}

/** Queues one change's purge; called by the node that made the change, on its handle (inside its transaction when there is one). */
export async function enqueuePurge(db: DbLike, targets: PurgeTargets, now: number): Promise<void> {
  await db.insert(cdnPurges).values({
    keys: JSON.stringify(targets.keys),
    paths: JSON.stringify(targets.paths),
    createdAt: new Date(now),
    nextAt: new Date(now),
  });
}

/**
 * Claims the purges due now, oldest first, each held until now + leaseMs: a node that dies holding
 * one lets it lapse and another sends it. On PostgreSQL the claims of all nodes take turns on an
 * advisory lock held to the transaction's end; SQLite's writers take turns already.
 */
export async function claimDuePurges(db: Db, options: { now: number; leaseMs: number; batch: number }): Promise<ClaimedPurge[]> {
  const { now, leaseMs } = options;
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await execute(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended('cdn-purge-claim', 0))`);
    const due = await tx
      .select()
      .from(cdnPurges)
      .where(and(lte(cdnPurges.nextAt, new Date(now)), or(isNull(cdnPurges.leaseUntil), lt(cdnPurges.leaseUntil, new Date(now)))))
      .orderBy(asc(cdnPurges.nextAt), asc(cdnPurges.id))
      .limit(options.batch);
    const leaseUntil = now + leaseMs;
    for (const row of due)
      await tx
        .update(cdnPurges)
        .set({ leaseUntil: new Date(leaseUntil) })
        .where(eq(cdnPurges.id, row.id));
    return due.map((row) => ({
      id: row.id,
      attempts: row.attempts,
      keys: JSON.parse(row.keys) as string[],
      paths: JSON.parse(row.paths) as string[],
      leaseUntil,
    }));
  });
}

const heldBy = (purge: ClaimedPurge) => and(eq(cdnPurges.id, purge.id), eq(cdnPurges.leaseUntil, new Date(purge.leaseUntil)));

/** The purge succeeded: the row goes (unless its lease lapsed to another node, which then purges once more: harmless). */
export async function purgeDone(db: Db, purge: ClaimedPurge): Promise<void> {
  await db.transaction((tx) => tx.delete(cdnPurges).where(heldBy(purge)));
}

/** The purge failed: tried again later, each time waiting twice as long, up to an hour; never dropped. */
export async function purgeFailed(db: Db, purge: ClaimedPurge, error: string, now: number, retryMs: number): Promise<void> {
  const attempts = purge.attempts + 1;
  await db.transaction((tx) =>
    tx
      .update(cdnPurges)
      .set({ attempts, error: error.slice(0, 300), leaseUntil: null, nextAt: new Date(now + purgeBackoffMs(retryMs, attempts)) })
      .where(heldBy(purge)),
  );
}

/** When the next queued purge is due, for the purger's sleep; null when nothing waits. */
export async function nextPurgeDueAt(db: Db): Promise<number | null> {
  const [row] = await db.select({ at: sql<number | string | null>`min(${cdnPurges.nextAt})` }).from(cdnPurges);
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
