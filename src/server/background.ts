import { eq } from 'drizzle-orm';
import { deleteExpiredSessions } from './auth/sessions.ts';
import { siteState } from './db/schema.ts';
import { oneNodeAtATime } from './db/site-jobs.ts';
import { startPublishing } from './publication/scheduler.ts';
import { sweepGuardCounters } from './security/guards-postgres.ts';
import { applyRetention } from './security/retention.ts';
import type { Deps } from './trpc/context.ts';
import { removeStaleUploads } from './uploads/store.ts';
import { forgetUnconfirmed } from './mail/subscriptions.ts';

const HOUR = 60 * 60 * 1000;
/** Ended rate-limit windows go within minutes, so a flood of new addresses leaves little behind. */
const SWEEP_MS = 5 * 60 * 1000;

/** Where the last hourly turn's time (in minutes) is kept, for every node to see. */
const HOUSEKEEPING_TURN_KEY = 'housekeeping_turn_minute';

/**
 * Takes this hour's housekeeping turn unless another node (or process on the same file) took it
 * less than 50 minutes ago: the nodes' hourly timers start whenever each node did, so without it
 * every node would do the hour's work once more. Run inside oneNodeAtATime, so no two nodes read
 * the same last turn.
 */
async function takeHourlyTurn(db: Deps['db'], now = Date.now()): Promise<boolean> {
  const minute = Math.floor(now / 60_000);
  const [last] = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, HOUSEKEEPING_TURN_KEY)).limit(1);
  if (last && minute - last.value < 50) return false;
  await db
    .insert(siteState)
    .values({ key: HOUSEKEEPING_TURN_KEY, value: minute })
    .onConflictDoUpdate({ target: siteState.key, set: { value: minute } });
  return true;
}

/**
 * Expired sessions, unused uploads and what the retention period no longer keeps: at each node's
 * start, then hourly on every node, done by whichever node gets there first (the others skip that
 * hour's turn). Logs its own failures, so the caller has nothing to await but the work.
 */
export async function housekeeping(deps: Pick<Deps, 'db' | 'storage' | 'env'>, log: (line: string) => void = console.log, hourly = false): Promise<void> {
  const { db, storage, env } = deps;
  try {
    await oneNodeAtATime(db, 'housekeeping', 'skip', async () => {
      if (hourly && !(await takeHourlyTurn(db))) return;
      await deleteExpiredSessions(db);
      const removed = await removeStaleUploads({ db, storage });
      if (removed) log(`Removed ${removed} unused upload(s).`);
      const forgotten = await forgetUnconfirmed(db);
      if (forgotten) log(`Forgot ${forgotten} newsletter address(es) never confirmed.`);
      const expired = await applyRetention({ db, storage }, env.RETENTION_DAYS);
      // Neither unused uploads nor unpublished stories and archived messages are public: the cache stays.
      if (expired.contacts || expired.stories) log(`Retention: deleted ${expired.contacts} archived message(s) and ${expired.stories} unpublished story(ies).`);
    });
  } catch (error) {
    console.error('Housekeeping failed:', error);
  }
}

/** Forgets ended rate-limit windows and old failed logins (PostgreSQL's shared guards only). */
async function sweepCounters(deps: Pick<Deps, 'db'>): Promise<void> {
  try {
    await oneNodeAtATime(deps.db, 'guard-sweep', 'skip', () => sweepGuardCounters(deps.db));
  } catch (error) {
    console.error('Sweeping the rate-limit counters failed:', error);
  }
}

/**
 * A node's background work: scheduled publishing at each item's time, hourly housekeeping and, on
 * PostgreSQL, the sweep of the shared counters. Every node runs it; each job is done once
 * (db/site-jobs.ts). Returns stop.
 */
export function startBackgroundWork(deps: Deps, log?: (line: string) => void): () => void {
  const stopPublishing = startPublishing(deps);
  deps.mail.start();
  deps.purger.start();
  const timers = [setInterval(() => void housekeeping(deps, log, true), HOUR)];
  if (deps.db.dialect === 'postgres') timers.push(setInterval(() => void sweepCounters(deps), SWEEP_MS));
  for (const timer of timers) timer.unref();
  return () => {
    stopPublishing();
    void deps.mail.stop();
    void deps.purger.stop();
    for (const timer of timers) clearInterval(timer);
  };
}
