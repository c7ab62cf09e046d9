import { and, eq, isNotNull, lte, min, sql } from 'drizzle-orm';
import { legalItems, posts } from '../db/schema.ts';
import { settleFiles, shownFiles } from '../editorial/item-files.ts';
import { recordAudit } from '../security/audit.ts';
import type { Deps } from '../trpc/context.ts';
import { clockOf } from './clock.ts';

/** A timer further ahead than this wakes early and looks again (setTimeout's range ends at ~24 days). */
const MAX_WAIT_MS = 60 * 60 * 1000;
const RETRY_MS = 60 * 1000;

const tables = [posts, legalItems] as const;

/**
 * Publishes every scheduled item whose time has come: status `published`, its public date set to
 * the scheduled time (lists are ordered by it), its cover and body pictures moved to the public
 * side, and the caches told, all in one tick, so no reader sees the item without its pictures or
 * one page with it and another without. Returns how many.
 */
export function publishDue(deps: Pick<Deps, 'db' | 'env' | 'clock' | 'cache' | 'storage'>): number {
  const now = clockOf(deps).now();
  let published = 0;
  const files: string[] = [];
  deps.db.transaction((tx) => {
    for (const table of tables) {
      const rows = tx
        .update(table)
        .set({ status: 'published', createdAt: sql`${table.publishAt}`, updatedAt: now })
        .where(and(eq(table.status, 'scheduled'), isNotNull(table.publishAt), lte(table.publishAt, now)))
        .returning({ id: table.id, cover: table === posts ? posts.image : legalItems.media, bodyEn: table.bodyEn, bodyFa: table.bodyFa })
        .all();
      for (const row of rows) files.push(...shownFiles(row.cover, row));
      for (const row of rows)
        recordAudit(
          tx,
          {
            userId: null,
            userEmail: null,
            action: table === posts ? 'publication.post' : 'publication.legal',
            targetId: row.id,
            summary: 'scheduled item published',
          },
          now,
        );
      published += rows.length;
    }
  });
  if (!published) return 0;
  settleFiles(deps, files);
  deps.cache.contentChanged();
  return published;
}

/** When the next scheduled item is due, or null when none is waiting. */
export function nextPublishAt(deps: Pick<Deps, 'db'>): Date | null {
  let next: Date | null = null;
  for (const table of tables) {
    const found = deps.db
      .select({ at: min(table.publishAt) })
      .from(table)
      .where(eq(table.status, 'scheduled'))
      .get()?.at;
    const at = found === null || found === undefined ? null : new Date(found);
    if (at && (!next || at < next)) next = at;
  }
  return next;
}

/**
 * The timer that publishes this site's scheduled items at their times, in this process, whether or
 * not any request comes. Built with the site's dependencies (createDeps) and reached through them,
 * so a copy of the dependencies with another clock (a test's) still drives the one timer.
 */
export class PublicationTimer {
  private cancel: (() => void) | null = null;
  private deps: Deps | null = null;

  /** Starts publishing with these dependencies; items that fell due while the server was down go out at once. Returns stop. */
  start(deps: Deps): () => void {
    this.cancel?.();
    this.deps = deps;
    this.arm();
    return () => {
      this.deps = null;
      this.cancel?.();
      this.cancel = null;
    };
  }

  /** After an editor schedules, reschedules or publishes an item: the timer wakes for the new next time. */
  changed(): void {
    if (this.deps) this.arm();
  }

  private arm(): void {
    this.cancel?.();
    this.cancel = null;
    const deps = this.deps;
    if (!deps) return;
    const clock = clockOf(deps);
    let wait = MAX_WAIT_MS;
    try {
      publishDue(deps);
      const next = nextPublishAt(deps);
      if (next) wait = Math.min(MAX_WAIT_MS, Math.max(0, next.getTime() - clock.now().getTime()));
    } catch (error) {
      console.error('Scheduled publishing failed; trying again in a minute:', error);
      wait = RETRY_MS;
    }
    this.cancel = clock.setTimer(wait, () => this.arm());
  }
}

/** Starts publishing scheduled items of this site at their times (see PublicationTimer). Returns stop. */
export function startPublishing(deps: Deps): () => void {
  return deps.publication.start(deps);
}

/** After an editor schedules, reschedules or publishes an item: the timer wakes for the new next time. */
export function scheduleChanged(deps: Pick<Deps, 'publication'>): void {
  deps.publication.changed();
}
