import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lte, min, sql } from 'drizzle-orm';
import { scheduledPublication } from '../../shared/audit-actions.ts';
import { legalItems, posts } from '../db/schema.ts';
import { contentKinds } from '../../shared/content-kinds.ts';
import type { ContentKind } from '../../shared/schemas/content.ts';
import type { ChangedItem } from '../cache/public-change.ts';
import { addressColumns } from '../cache/purge-targets.ts';
import { oneNodeAtATime } from '../db/site-jobs.ts';
import { afterCommit, openTransactionOf } from '../db/transaction-scope.ts';
import { settleFiles, shownFiles } from '../editorial/item-files.ts';
import { recordAudit } from '../security/audit.ts';
import type { Deps } from '../trpc/context.ts';
import { clockOf } from './clock.ts';
import { announceScheduleChange, listenForScheduleChanges } from './schedule-signal-postgres.ts';

/** A timer further ahead than this wakes early and looks again (setTimeout's range ends at ~24 days). */
const MAX_WAIT_MS = 60 * 60 * 1000;
const RETRY_MS = 60 * 1000;

const tables = [posts, legalItems] as const;

/**
 * Publishes every scheduled item whose time has come, in one transaction: status `published`, its
 * public date set to the scheduled time (lists are ordered by it), and its files settled: the cover
 * and body pictures move to the public side right after the commit (editorial/item-files.ts), and
 * then the caches are told. A reader who comes in the moment between the commit and the move may
 * miss a picture, or find the item on one page before the cached others; never a private file made
 * public for a change that rolled back. Returns how many.
 */
export async function publishDue(deps: Pick<Deps, 'db' | 'env' | 'clock' | 'cache' | 'storage' | 'purger'>): Promise<number> {
  // Every node's timer wakes for the same item; one publishes it, the others then find nothing due.
  return (await oneNodeAtATime(deps.db, 'publication', 'wait', () => publishDueNow(deps))) ?? 0;
}

async function publishDueNow(deps: Pick<Deps, 'db' | 'env' | 'clock' | 'cache' | 'storage' | 'purger'>): Promise<number> {
  const now = clockOf(deps).now();
  // The body may run again on PostgreSQL (a serialization retry): it counts and collects afresh each time.
  const published = await deps.db.transaction(async (tx) => {
    let count = 0;
    const files: string[] = [];
    const went: ChangedItem[] = [];
    for (const table of tables) {
      const rows = await tx
        .update(table)
        .set({ status: 'published', createdAt: sql`${table.publishAt}`, updatedAt: now })
        .where(and(eq(table.status, 'scheduled'), isNotNull(table.publishAt), lte(table.publishAt, now)))
        .returning({
          ...addressColumns(table),
          kind: sql<string>`${table === posts ? posts.kind : sql`'legal'`}`,
          cover: table === posts ? posts.image : legalItems.media,
          bodyEn: table.bodyEn,
          bodyFa: table.bodyFa,
        });
      for (const row of rows) files.push(...shownFiles(row.cover, row));
      for (const row of rows) went.push({ space: row.kind === 'legal' ? 'legal' : contentKinds[row.kind as ContentKind].section, id: row.id, states: [row] });
      for (const row of rows)
        await recordAudit(
          tx,
          {
            userId: null,
            userEmail: null,
            action: table === posts ? scheduledPublication.post : scheduledPublication.legal,
            targetId: row.id,
            // No label: the log shows the action in the reader's language, and a title kept here
            // would outlive the item's deletion (forgetDeletedItemLabels looks under the item's kind).
            summary: null,
          },
          now,
        );
      count += rows.length;
    }
    // Inside the transaction, deps.db is this transaction: the files' uses are read as it leaves
    // them, and their moves wait for its commit.
    if (count) await settleFiles(deps, files);
    // Queued with the publication itself: the cache in front hears of it exactly when it commits.
    if (count) await deps.purger.queue(went, tx);
    return count;
  });
  if (!published) return 0;
  await deps.cache.contentChanged();
  return published;
}

/** When the next scheduled item is due, or null when none is waiting. */
export async function nextPublishAt(deps: Pick<Deps, 'db'>): Promise<Date | null> {
  let next: Date | null = null;
  for (const table of tables) {
    const [row] = await deps.db
      .select({ at: min(table.publishAt) })
      .from(table)
      .where(eq(table.status, 'scheduled'))
      .limit(1);
    const found = row?.at;
    const at = found === null || found === undefined ? null : new Date(found);
    if (at && (!next || at < next)) next = at;
  }
  return next;
}

/**
 * The timer that publishes this site's scheduled items at their times, in this process, whether or
 * not any request comes. Built with the site's dependencies (createDeps) and reached through them,
 * so a copy of the dependencies with another clock (a test's) still drives the one timer. One look
 * (publish what is due, find the next time, set the timer) runs at a time; a wake-up asked for
 * during a look makes one more look after it, instead of a second timer.
 */
export class PublicationTimer {
  private cancel: (() => void) | null = null;
  private deps: Deps | null = null;
  private looking: Promise<void> | null = null;
  private lookAgain = false;
  private stopListening: (() => Promise<void>) | null = null;
  /** The first try to listen for other nodes' changes: its look belongs to the start. */
  private listening: Promise<void> = Promise.resolve();
  /** Names this timer's own announcements, which it has already acted on when it hears them. */
  readonly id = randomUUID();

  /**
   * Starts publishing with these dependencies; items that fell due while the server was down go out
   * at once, in a look that `settled()` waits for. Returns stop.
   */
  start(deps: Deps): () => void {
    this.cancel?.();
    void this.stopListening?.();
    this.deps = deps;
    // Several nodes: another node's scheduling sets this node's timer too (schedule-signal-postgres.ts).
    const listener = deps.db.dialect === 'postgres' ? listenForScheduleChanges(deps.db, this.id, () => void this.arm()) : null;
    this.stopListening = listener?.stop ?? null;
    this.listening = listener?.ready ?? Promise.resolve();
    void this.arm();
    return () => {
      this.deps = null;
      this.cancel?.();
      this.cancel = null;
      void this.stopListening?.();
      this.stopListening = null;
    };
  }

  /**
   * After an editor schedules, reschedules or publishes an item: resolves once the timer is set for
   * the new next time. Asked inside a transaction, the timer looks once that commits (its look must
   * neither join the transaction nor carry it into the timer it sets).
   */
  changed(): Promise<void> {
    const deps = this.deps;
    if (!deps) return Promise.resolve();
    const look = async () => {
      if (deps.db.dialect === 'postgres') await announceScheduleChange(deps.db, this.id);
      await this.arm();
    };
    if (openTransactionOf(deps.db)) return afterCommit(look);
    return look();
  }

  /**
   * Resolves when no look is under way: the timer is set (or stopped) and what was due is published.
   * On PostgreSQL that includes the look made once the node listens for other nodes' changes.
   */
  async settled(): Promise<void> {
    await this.listening;
    while (this.looking) await this.looking;
  }

  /** Never rejects: a failed look is logged and tried again in a minute. */
  private arm(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    if (!this.deps) return Promise.resolve();
    if (this.looking) {
      this.lookAgain = true;
      return this.settled();
    }
    const looking = this.look().finally(() => {
      this.looking = null;
      if (this.lookAgain) {
        this.lookAgain = false;
        void this.arm();
      }
    });
    this.looking = looking;
    return this.settled();
  }

  private async look(): Promise<void> {
    const deps = this.deps;
    if (!deps) return;
    const clock = clockOf(deps);
    let wait = MAX_WAIT_MS;
    try {
      await publishDue(deps);
      // Stopped meanwhile (the site is closing, its database with it): nothing more to look at.
      if (this.deps !== deps) return;
      const next = await nextPublishAt(deps);
      if (next) wait = Math.min(MAX_WAIT_MS, Math.max(0, next.getTime() - clock.now().getTime()));
    } catch (error) {
      console.error('Scheduled publishing failed; trying again in a minute:', error);
      wait = RETRY_MS;
    }
    // Stopped or restarted meanwhile, or asked to look again (which sets the timer itself).
    if (this.deps !== deps || this.lookAgain) return;
    this.cancel = clock.setTimer(wait, () => void this.arm());
  }
}

/** Starts publishing scheduled items of this site at their times (see PublicationTimer). Returns stop. */
export function startPublishing(deps: Deps): () => void {
  return deps.publication.start(deps);
}

/** After an editor schedules, reschedules or publishes an item: resolves once the timer wakes for the new next time. */
export function scheduleChanged(deps: Pick<Deps, 'publication'>): Promise<void> {
  return deps.publication.changed();
}
