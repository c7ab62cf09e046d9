import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { pendingSignIns } from '../db/schema.ts';
import { generateSessionToken, sessionIdOf } from './sessions.ts';

/** How long a right password waits for its second step. */
export const PENDING_SIGN_IN_MINUTES = 5;

/** Starts one after a right password; the browser keeps the returned token (a cookie), the database only its hash. */
export async function startPendingSignIn(db: DbLike, userId: number, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now + PENDING_SIGN_IN_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date(now)));
    await tx.insert(pendingSignIns).values({ id: sessionIdOf(token), userId, expiresAt });
  });
  return { token, expiresAt };
}

/** The live pending sign-in a token names: its id and account. */
export async function findPendingSignIn(db: DbLike, token: string | null | undefined, now = Date.now()): Promise<{ id: string; userId: number } | null> {
  if (!token || token.length > 64) return null;
  const [row] = await db
    .select({ id: pendingSignIns.id, userId: pendingSignIns.userId })
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.id, sessionIdOf(token)), gt(pendingSignIns.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

/** Uses a pending sign-in up: true for exactly one caller, however many race for it. */
export async function consumePendingSignIn(db: DbLike, id: string): Promise<boolean> {
  const removed = await db.transaction((tx) => tx.delete(pendingSignIns).where(eq(pendingSignIns.id, id)).returning({ id: pendingSignIns.id }));
  return removed.length > 0;
}
