import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { recordAudit } from './audit.ts';

/** Failed sign-ins are counted on one row per account for this long. */
export const FAILED_LOGIN_WINDOW_MS = 3_600_000;
/** Unknown addresses typed in one window that get a row of their own; the rest share one unnamed row. */
export const NAMED_UNKNOWN_ACCOUNTS = 20;
/** Longest stored text of an address typed by an anonymous visitor. */
export const STORED_ACCOUNT_CHARS = 100;

const ACTION = 'auth.loginFailed';

/**
 * Records a failed sign-in without letting anonymous visitors grow the activity log at will: within
 * an hour, the failures against one account add to one row's `attempts`; an address that is no
 * account is stored capped in length, and past the first few of the hour all such failures share a
 * single row without text. So an hour adds at most (accounts + 21) rows, whatever is sent. The
 * caller's network address is never stored (decision 005); the throttle counts per address.
 */
export async function recordFailedLogin(db: DbLike, attempt: { userId: number | null; account: string }, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - (now.getTime() % FAILED_LOGIN_WINDOW_MS));
  const typed = attempt.account.slice(0, STORED_ACCOUNT_CHARS);
  await db.transaction(async (tx) => {
    const inWindow = and(eq(auditLog.action, ACTION), gte(auditLog.at, since));
    const sameAccount = attempt.userId !== null ? eq(auditLog.userId, attempt.userId) : and(isNull(auditLog.userId), eq(auditLog.userEmail, typed));
    let [row] = await tx.select({ id: auditLog.id }).from(auditLog).where(and(inWindow, sameAccount)).limit(1);
    let userEmail: string | null = typed;
    if (!row && attempt.userId === null) {
      const [named] = await tx
        .select({ value: count() })
        .from(auditLog)
        .where(and(inWindow, isNull(auditLog.userId), sql`${auditLog.userEmail} is not null`))
        .limit(1);
      if ((named?.value ?? 0) >= NAMED_UNKNOWN_ACCOUNTS) {
        userEmail = null;
        [row] = await tx
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(inWindow, isNull(auditLog.userId), isNull(auditLog.userEmail)))
          .limit(1);
      }
    }
    if (row)
      await tx
        .update(auditLog)
        .set({ attempts: sql`${auditLog.attempts} + 1` })
        .where(eq(auditLog.id, row.id));
    // Stamped with its hour, the window it counts, never the moment of a guess.
    else await recordAudit(tx, { userId: attempt.userId, userEmail, action: ACTION }, since);
  });
}
