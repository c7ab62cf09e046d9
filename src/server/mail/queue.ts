import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Language } from '../../shared/locale.ts';
import { execute, type Db, type DbLike } from '../db/client.ts';
import { newsletterDeliveries, newsletters, newsletterSubscribers, siteState } from '../db/schema.ts';
import type { MailFailure } from './transport.ts';

/** A token in a link: 256 random bits, unguessable, and safe in an address. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A temporary failure is tried again this many times in all before the mail counts as failed. */
export const MAX_ATTEMPTS = 8;
/** Permanent failures in a row after which an address is marked bounced and receives nothing more. */
export const BOUNCE_AFTER = 3;
/** The longest wait between two tries of one mail. */
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

export const backoffMs = (retryMs: number, attempts: number) => Math.min(retryMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

const RATE_MINUTE_KEY = 'mail_rate_minute';
const RATE_COUNT_KEY = 'mail_rate_count';

async function stateValue(tx: DbLike, key: string): Promise<number | undefined> {
  const [row] = await tx.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, key)).limit(1);
  return row?.value;
}

async function setStateValue(tx: DbLike, key: string, value: number): Promise<void> {
  await tx.insert(siteState).values({ key, value }).onConflictDoUpdate({ target: siteState.key, set: { value } });
}

/**
 * Takes up to `wanted` mails of this minute's allowance, shared by every node through the
 * database; answers how many it may send. Called inside the claim's transaction, which takes its
 * turn with every other node's claim, so two nodes never spend the same allowance.
 */
async function takeAllowance(tx: DbLike, now: number, perMinute: number, wanted: number): Promise<number> {
  const minute = Math.floor(now / 60_000);
  const used = (await stateValue(tx, RATE_MINUTE_KEY)) === minute ? ((await stateValue(tx, RATE_COUNT_KEY)) ?? 0) : 0;
  return Math.max(0, Math.min(wanted, perMinute - used));
}

async function spendAllowance(tx: DbLike, now: number, taken: number): Promise<void> {
  if (!taken) return;
  const minute = Math.floor(now / 60_000);
  const used = (await stateValue(tx, RATE_MINUTE_KEY)) === minute ? ((await stateValue(tx, RATE_COUNT_KEY)) ?? 0) : 0;
  await setStateValue(tx, RATE_MINUTE_KEY, minute);
  await setStateValue(tx, RATE_COUNT_KEY, used + taken);
}

/** A confirmation mail a node has claimed: the raw token exists only here and in the mail. */
export interface ClaimedConfirmation {
  kind: 'confirmation';
  subscriberId: number;
  email: string;
  language: Language;
  token: string;
  /** The lease this claim set: the row is this node's while it still says so. */
  leaseUntil: number;
}

/** One reader's copy of an edition, claimed. */
export interface ClaimedDelivery {
  kind: 'delivery';
  deliveryId: number;
  newsletterId: number;
  subscriberId: number;
  email: string;
  language: Language;
  unsubscribeToken: string;
  /** The lease this claim set: the row is this node's while it still says so. */
  leaseUntil: number;
}

export type ClaimedMail = ClaimedConfirmation | ClaimedDelivery;

export interface ClaimOptions {
  now: number;
  perMinute: number;
  leaseMs: number;
  batch: number;
}

/**
 * Claims the mails due now, within the minute's allowance: confirmations first (a reader waits for
 * them), then newsletter copies in queue order. Each claimed row is held until now + leaseMs; a node
 * that dies holding it lets it lapse, and another sends it (the mail in flight may then arrive
 * twice, nothing else). On PostgreSQL the claims of all nodes take turns on an advisory lock held
 * to the transaction's end; SQLite's transactions take turns already.
 */
export async function claimDueMail(db: Db, options: ClaimOptions): Promise<ClaimedMail[]> {
  const { now, leaseMs } = options;
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await execute(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended('mail-claim', 0))`);
    let allowance = await takeAllowance(tx, now, options.perMinute, options.batch);
    if (!allowance) return [];
    const claimed: ClaimedMail[] = [];

    const wantConfirmation = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, language: newsletterSubscribers.language })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.state, 'pending'),
          isNotNull(newsletterSubscribers.confirmWantedAt),
          isNotNull(newsletterSubscribers.email),
          or(isNull(newsletterSubscribers.confirmNextAt), lte(newsletterSubscribers.confirmNextAt, new Date(now))),
          or(isNull(newsletterSubscribers.confirmLeaseUntil), lt(newsletterSubscribers.confirmLeaseUntil, new Date(now))),
        ),
      )
      .orderBy(asc(newsletterSubscribers.confirmWantedAt), asc(newsletterSubscribers.id))
      .limit(allowance);
    for (const row of wantConfirmation) {
      const token = newToken();
      await tx
        .update(newsletterSubscribers)
        .set({ confirmTokenHash: tokenHash(token), confirmLeaseUntil: new Date(now + leaseMs) })
        .where(eq(newsletterSubscribers.id, row.id));
      claimed.push({ kind: 'confirmation', subscriberId: row.id, email: row.email!, language: row.language, token, leaseUntil: now + leaseMs });
    }
    allowance -= claimed.length;

    if (allowance > 0) {
      const due = await tx
        .select({
          id: newsletterDeliveries.id,
          newsletterId: newsletterDeliveries.newsletterId,
          subscriberId: newsletterDeliveries.subscriberId,
          language: newsletterDeliveries.language,
          email: newsletterSubscribers.email,
          state: newsletterSubscribers.state,
          unsubscribeToken: newsletterSubscribers.unsubscribeToken,
        })
        .from(newsletterDeliveries)
        .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
        .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
        .where(
          and(
            eq(newsletterDeliveries.state, 'queued'),
            lte(newsletterDeliveries.nextAt, new Date(now)),
            or(isNull(newsletterDeliveries.leaseUntil), lt(newsletterDeliveries.leaseUntil, new Date(now))),
            eq(newsletters.state, 'sending'),
          ),
        )
        .orderBy(asc(newsletterDeliveries.nextAt), asc(newsletterDeliveries.id))
        .limit(allowance);
      // A reader who unsubscribed (or bounced) since the edition was queued receives nothing.
      const gone = due.filter((row) => row.state !== 'confirmed' || !row.email || row.subscriberId === null);
      if (gone.length)
        await tx
          .update(newsletterDeliveries)
          .set({ state: 'skipped', leaseUntil: null })
          .where(
            inArray(
              newsletterDeliveries.id,
              gone.map((row) => row.id),
            ),
          );
      const sendable = due.filter((row) => !gone.includes(row));
      if (sendable.length)
        await tx
          .update(newsletterDeliveries)
          .set({ leaseUntil: new Date(now + leaseMs) })
          .where(
            inArray(
              newsletterDeliveries.id,
              sendable.map((row) => row.id),
            ),
          );
      for (const row of sendable) {
        let unsubscribeToken = row.unsubscribeToken;
        // Readers confirmed before unsubscribe links existed get theirs with their first edition.
        if (!unsubscribeToken) {
          unsubscribeToken = newToken();
          await tx.update(newsletterSubscribers).set({ unsubscribeToken }).where(eq(newsletterSubscribers.id, row.subscriberId!));
        }
        claimed.push({
          kind: 'delivery',
          deliveryId: row.id,
          newsletterId: row.newsletterId,
          subscriberId: row.subscriberId!,
          email: row.email!,
          language: row.language,
          unsubscribeToken,
          leaseUntil: now + leaseMs,
        });
      }
      for (const id of new Set(gone.map((row) => row.newsletterId))) await finishIfDone(tx, id, now);
    }
    await spendAllowance(tx, now, claimed.length);
    return claimed;
  });
}

/**
 * Takes one claimed mail for sending, just before it leaves: only while this node's claim still
 * holds it (its lease did not lapse and go to another node, which would send it too) and while it
 * is still wanted (the edition is being sent, not paused; the reader is still confirmed and has an
 * address; a confirmation's address is still pending). The lease is renewed for this one mail, and
 * kept renewed while it is sent (renewLease), so a batch sent one after another never outlives its
 * claim. A copy not wanted now is given back (a paused edition's is due again once resumed; an
 * unsubscribed reader's was skipped already). Answers the lease it holds the mail until, or null:
 * not to be sent.
 */
export async function holdForSending(db: Db, mail: ClaimedMail, now: number, leaseMs: number): Promise<number | null> {
  const claimedLease = new Date(mail.leaseUntil);
  const lease = new Date(now + leaseMs);
  const held = await db.transaction(async (tx) => {
    if (mail.kind === 'confirmation') {
      const rows = await tx
        .update(newsletterSubscribers)
        .set({ confirmLeaseUntil: lease })
        .where(
          and(
            eq(newsletterSubscribers.id, mail.subscriberId),
            eq(newsletterSubscribers.state, 'pending'),
            isNotNull(newsletterSubscribers.email),
            isNotNull(newsletterSubscribers.confirmWantedAt),
            eq(newsletterSubscribers.confirmLeaseUntil, claimedLease),
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    }
    const rows = await tx
      .update(newsletterDeliveries)
      .set({ leaseUntil: lease })
      .where(
        and(
          eq(newsletterDeliveries.id, mail.deliveryId),
          eq(newsletterDeliveries.state, 'queued'),
          eq(newsletterDeliveries.leaseUntil, claimedLease),
          sql`EXISTS (SELECT 1 FROM ${newsletters} WHERE ${newsletters.id} = ${mail.newsletterId} AND ${newsletters.state} = 'sending')`,
          sql`EXISTS (SELECT 1 FROM ${newsletterSubscribers} WHERE ${newsletterSubscribers.id} = ${mail.subscriberId} AND ${newsletterSubscribers.state} = 'confirmed' AND ${newsletterSubscribers.email} IS NOT NULL)`,
        ),
      )
      .returning({ id: newsletterDeliveries.id });
    if (rows.length) return true;
    await tx
      .update(newsletterDeliveries)
      .set({ leaseUntil: null })
      .where(and(eq(newsletterDeliveries.id, mail.deliveryId), eq(newsletterDeliveries.leaseUntil, claimedLease)));
    return false;
  });
  return held ? lease.getTime() : null;
}

/** Moves the lease of a mail being sent from `from` to `until`, if this node still holds it; answers whether it did. */
export async function renewLease(db: Db, mail: ClaimedMail, from: number, until: number): Promise<boolean> {
  const rows = await db.transaction((tx) =>
    mail.kind === 'confirmation'
      ? tx
          .update(newsletterSubscribers)
          .set({ confirmLeaseUntil: new Date(until) })
          .where(and(eq(newsletterSubscribers.id, mail.subscriberId), eq(newsletterSubscribers.confirmLeaseUntil, new Date(from))))
          .returning({ id: newsletterSubscribers.id })
      : tx
          .update(newsletterDeliveries)
          .set({ leaseUntil: new Date(until) })
          .where(and(eq(newsletterDeliveries.id, mail.deliveryId), eq(newsletterDeliveries.leaseUntil, new Date(from))))
          .returning({ id: newsletterDeliveries.id }),
  );
  return rows.length > 0;
}

/** An edition with nothing left queued is sent (a paused one too, once its last mail in flight is done). */
export async function finishIfDone(tx: DbLike, newsletterId: number, now: number): Promise<void> {
  await tx
    .update(newsletters)
    .set({ state: 'sent', finishedAt: new Date(now), updatedAt: new Date(now) })
    .where(
      and(
        eq(newsletters.id, newsletterId),
        inArray(newsletters.state, ['sending', 'paused']),
        sql`NOT EXISTS (SELECT 1 FROM ${newsletterDeliveries} WHERE ${newsletterDeliveries.newsletterId} = ${newsletterId} AND ${newsletterDeliveries.state} = 'queued')`,
      ),
    );
}

/** Records what became of a claimed mail. `failure` undefined: the server accepted it. */
export async function recordOutcome(db: Db, mail: ClaimedMail, failure: MailFailure | undefined, now: number, retryMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (mail.kind === 'confirmation') {
      const where = eq(newsletterSubscribers.id, mail.subscriberId);
      if (!failure) {
        await tx
          .update(newsletterSubscribers)
          .set({ confirmSentAt: new Date(now), confirmWantedAt: null, confirmLeaseUntil: null, confirmAttempts: 0, confirmNextAt: null })
          .where(where);
        return;
      }
      const [row] = await tx.select({ attempts: newsletterSubscribers.confirmAttempts }).from(newsletterSubscribers).where(where);
      const attempts = (row?.attempts ?? 0) + 1;
      if (failure.permanent || attempts >= MAX_ATTEMPTS) {
        // Given up: the address is forgotten 7 days from now, as any unconfirmed one.
        await tx
          .update(newsletterSubscribers)
          .set({
            confirmSentAt: new Date(now),
            confirmWantedAt: null,
            confirmLeaseUntil: null,
            confirmAttempts: 0,
            confirmNextAt: null,
            confirmTokenHash: null,
          })
          .where(where);
      } else {
        await tx
          .update(newsletterSubscribers)
          .set({ confirmAttempts: attempts, confirmNextAt: new Date(now + backoffMs(retryMs, attempts)), confirmLeaseUntil: null })
          .where(where);
      }
      return;
    }
    const where = eq(newsletterDeliveries.id, mail.deliveryId);
    if (!failure) {
      await tx
        .update(newsletterDeliveries)
        .set({ state: 'sent', sentAt: new Date(now), leaseUntil: null, error: null, attempts: sql`${newsletterDeliveries.attempts} + 1` })
        .where(where);
      await tx
        .update(newsletterSubscribers)
        .set({ permanentFailures: 0 })
        .where(and(eq(newsletterSubscribers.id, mail.subscriberId), sql`${newsletterSubscribers.permanentFailures} > 0`));
    } else {
      const [row] = await tx.select({ attempts: newsletterDeliveries.attempts }).from(newsletterDeliveries).where(where);
      const attempts = (row?.attempts ?? 0) + 1;
      const final = failure.permanent || attempts >= MAX_ATTEMPTS;
      await tx
        .update(newsletterDeliveries)
        .set(
          final
            ? { state: 'failed', attempts, error: failure.message, leaseUntil: null }
            : { attempts, error: failure.message, leaseUntil: null, nextAt: new Date(now + backoffMs(retryMs, attempts)) },
        )
        .where(where);
      if (failure.permanent) {
        await tx
          .update(newsletterSubscribers)
          .set({ permanentFailures: sql`${newsletterSubscribers.permanentFailures} + 1` })
          .where(eq(newsletterSubscribers.id, mail.subscriberId));
        await tx
          .update(newsletterSubscribers)
          .set({ state: 'bounced', updatedAt: new Date(now) })
          .where(
            and(
              eq(newsletterSubscribers.id, mail.subscriberId),
              eq(newsletterSubscribers.state, 'confirmed'),
              sql`${newsletterSubscribers.permanentFailures} >= ${BOUNCE_AFTER}`,
            ),
          );
      }
    }
    await finishIfDone(tx, mail.newsletterId, now);
  });
}

/**
 * Gives claimed mails back untried (the sender stops early, or the server refused for now), so
 * they are due again at once; a mail whose lease lapsed and went to another node stays theirs.
 */
export async function releaseClaims(db: Db, mails: readonly ClaimedMail[]): Promise<void> {
  if (!mails.length) return;
  await db.transaction(async (tx) => {
    for (const mail of mails) {
      const claimedLease = new Date(mail.leaseUntil);
      if (mail.kind === 'delivery')
        await tx
          .update(newsletterDeliveries)
          .set({ leaseUntil: null })
          .where(and(eq(newsletterDeliveries.id, mail.deliveryId), eq(newsletterDeliveries.leaseUntil, claimedLease)));
      else
        await tx
          .update(newsletterSubscribers)
          .set({ confirmLeaseUntil: null })
          .where(and(eq(newsletterSubscribers.id, mail.subscriberId), eq(newsletterSubscribers.confirmLeaseUntil, claimedLease)));
    }
  });
}

/** When the next queued mail is due (a retry's wait), for the sender's sleep; null when nothing waits. */
export async function nextDueAt(db: Db): Promise<number | null> {
  const [delivery] = await db
    .select({ at: sql<number | string | null>`min(${newsletterDeliveries.nextAt})` })
    .from(newsletterDeliveries)
    .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
    .where(and(eq(newsletterDeliveries.state, 'queued'), eq(newsletters.state, 'sending')));
  const [confirmation] = await db
    .select({ at: sql<number | string | null>`min(coalesce(${newsletterSubscribers.confirmNextAt}, 0))` })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.state, 'pending'), isNotNull(newsletterSubscribers.confirmWantedAt)));
  const times = [delivery?.at, confirmation?.at].filter((at) => at !== null && at !== undefined).map(Number);
  return times.length ? Math.min(...times) : null;
}
