import { and, eq } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Wrong second-step codes an account may send before it must wait. */
export const SECOND_STEP_FREE = 5;
/** The longest wait between guesses, however many failed. */
export const SECOND_STEP_CAP_SECONDS = 15 * 60;

/** Seconds to wait after `failures` wrong codes in a row: none for the first few, then doubling from 30 s. */
export function secondStepDelay(failures: number): number {
  if (failures < SECOND_STEP_FREE) return 0;
  return Math.min(SECOND_STEP_CAP_SECONDS, 30 * 2 ** (failures - SECOND_STEP_FREE));
}

/**
 * Counts a second-step guess as failed before the code is checked, so guesses sent in parallel or in
 * one batch cannot all pass the check on the count they read. The count is kept on the account in
 * the database, so every node and every sign-in under way (a new password sign-in starts no new
 * count) share it. Compare-and-set: of two guesses that read the same count, one wins and the other
 * reads again. Returns 0 when this guess may be checked, else the seconds to wait.
 */
export async function reserveSecondStep(db: DbLike, userId: number, now = Date.now()): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await db.select({ failures: users.secondStepFailures, at: users.secondStepFailedAt }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) return 1;
    // Within the free guesses there is no wait, even when a racing guess (or a node whose clock is a
    // little ahead) recorded its failure later than this guess began.
    const delay = secondStepDelay(row.failures);
    const wait = delay ? Math.ceil(((row.at?.getTime() ?? 0) + delay * 1000 - now) / 1000) : 0;
    if (wait > 0) return wait;
    const claimed = await db.transaction((tx) =>
      tx
        .update(users)
        .set({ secondStepFailures: row.failures + 1, secondStepFailedAt: new Date(now) })
        .where(and(eq(users.id, userId), eq(users.secondStepFailures, row.failures)))
        .returning({ id: users.id }),
    );
    if (claimed.length) return 0;
  }
  return 1;
}

/** A right code clears the count. */
export async function secondStepSucceeded(db: DbLike, userId: number): Promise<void> {
  await db.transaction((tx) => tx.update(users).set({ secondStepFailures: 0, secondStepFailedAt: null }).where(eq(users.id, userId)));
}
