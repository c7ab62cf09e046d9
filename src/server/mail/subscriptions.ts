import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Language } from '../../shared/locale.ts';
import type { Db } from '../db/client.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { newsletterDeliveries, newsletters, newsletterSubscribers } from '../db/schema.ts';
import { finishIfDone, newToken, tokenHash } from './queue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An address nobody confirmed is forgotten this long after its (last) confirmation mail left. */
export const UNCONFIRMED_KEPT_MS = 7 * DAY_MS;

/**
 * A subscription asked for. New address: kept as pending, with a confirmation mail wanted. Pending
 * already: its language follows the latest request, and another confirmation is wanted only if
 * none left in the last day (an inbox cannot be flooded through the form). Confirmed or bounced:
 * nothing changes and nothing is sent. The caller answers the same in every case, so nobody learns
 * whether an address is on the list. Answers whether a mail was queued.
 */
export async function subscribe(db: Db, email: string, language: Language, now: number, arrived: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscribers)
      .values({ email, language, state: 'pending', confirmWantedAt: new Date(now), createdAt: arrived, updatedAt: arrived })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (inserted) return true;
    const [row] = await tx
      .select({
        id: newsletterSubscribers.id,
        state: newsletterSubscribers.state,
        sentAt: newsletterSubscribers.confirmSentAt,
        wantedAt: newsletterSubscribers.confirmWantedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    if (!row || row.state !== 'pending') return false;
    const mailAgain = !row.wantedAt && (!row.sentAt || now - row.sentAt.getTime() >= DAY_MS);
    await tx
      .update(newsletterSubscribers)
      .set({ language, ...(mailAgain ? { confirmWantedAt: new Date(now), confirmAttempts: 0, confirmNextAt: null } : {}) })
      .where(eq(newsletterSubscribers.id, row.id));
    return mailAgain;
  });
}

/**
 * The button of a confirmation link was pressed: the pending address whose token this is becomes
 * confirmed, with its own unsubscribe token. A token is good once, until the address is forgotten.
 */
export async function confirmSubscription(db: Db, token: string, arrived: Date): Promise<{ language: Language } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({
        state: 'confirmed',
        confirmedAt: arrived,
        confirmTokenHash: null,
        confirmWantedAt: null,
        confirmSentAt: null,
        confirmNextAt: null,
        confirmLeaseUntil: null,
        confirmAttempts: 0,
        unsubscribeToken: newToken(),
        updatedAt: arrived,
      })
      .where(and(eq(newsletterSubscribers.confirmTokenHash, tokenHash(token)), eq(newsletterSubscribers.state, 'pending')))
      .returning({ language: newsletterSubscribers.language });
    return row ?? null;
  });
}

/**
 * Unsubscribes the reader whose token this is: the address is erased from the database's files at
 * once (the row stays, without it, for the counts), and copies still queued for it are skipped.
 * Answers whether a reader was found (an unknown or used token changes nothing).
 */
export async function unsubscribe(db: Db, token: string, arrived: Date): Promise<boolean> {
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ email: null, state: 'unsubscribed', unsubscribeToken: null, confirmTokenHash: null, permanentFailures: 0, updatedAt: arrived })
      .where(and(eq(newsletterSubscribers.unsubscribeToken, token), isNotNull(newsletterSubscribers.email)))
      .returning({ id: newsletterSubscribers.id });
    if (!row) return false;
    const skipped = await tx
      .update(newsletterDeliveries)
      .set({ state: 'skipped', error: null })
      .where(and(eq(newsletterDeliveries.subscriberId, row.id), eq(newsletterDeliveries.state, 'queued')))
      .returning({ newsletterId: newsletterDeliveries.newsletterId });
    // An edition that waited only for this reader is done now: no sender will find it again to say
    // so. Its end is dated as coarsely as her leaving (never before it started): it tells no more.
    for (const newsletterId of new Set(skipped.map((delivery) => delivery.newsletterId))) {
      const [edition] = await tx.select({ startedAt: newsletters.startedAt }).from(newsletters).where(eq(newsletters.id, newsletterId));
      await finishIfDone(tx, newsletterId, Math.max(arrived.getTime(), edition?.startedAt?.getTime() ?? 0));
    }
    return true;
  });
  if (found) await eraseDeleted(db, tablesNamed([newsletterSubscribers, newsletterDeliveries]));
  return found;
}

/** Forgets pending addresses whose confirmation mail left more than 7 days ago; erased from the files at once. */
export async function forgetUnconfirmed(db: Db, now = Date.now()): Promise<number> {
  const removed = await db.transaction((tx) =>
    tx
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.state, 'pending'), lt(newsletterSubscribers.confirmSentAt, new Date(now - UNCONFIRMED_KEPT_MS))))
      .returning({ id: newsletterSubscribers.id }),
  );
  if (removed.length) await eraseDeleted(db, tablesNamed([newsletterSubscribers]));
  return removed.length;
}
