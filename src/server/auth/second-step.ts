import { and, eq, isNull, isNotNull, lt, or } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { reserveSecondStep, secondStepSucceeded } from './second-step-throttle.ts';
import { decodeKey, looksLikeTotp, matchingStep, recoveryCodeHash } from './totp.ts';

/**
 * Checks a second-step code for an account: the app's code (this step or an adjacent one, and only
 * a step later than the last one used, so no code works twice) or an unused recovery code (used up
 * here). The guess is counted before it is checked. `wait` > 0: refused unchecked, try again then.
 */
export async function checkSecondStepCode(
  db: DbLike,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<{ wait: number; method: 'totp' | 'recovery_code' | null }> {
  const wait = await reserveSecondStep(db, userId, now);
  if (wait > 0) return { wait, method: null };
  const method = looksLikeTotp(code)
    ? (await useTotpCode(db, userId, code, now))
      ? 'totp'
      : null
    : (await useRecoveryCode(db, userId, code, now))
      ? 'recovery_code'
      : null;
  if (method) await secondStepSucceeded(db, userId);
  return { wait: 0, method };
}

/** A right app code moves the account's last used step on, in one conditional write: of two racing, one wins. */
export async function useTotpCode(
  db: DbLike,
  userId: number,
  code: string,
  now = Date.now(),
  secretColumn: 'totpSecret' | 'totpPendingSecret' = 'totpSecret',
): Promise<boolean> {
  const [row] = await db.select({ secret: users[secretColumn] }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.secret) return false;
  const step = matchingStep(decodeKey(row.secret), code, now);
  if (step === null) return false;
  const moved = await db.transaction((tx) =>
    tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), isNotNull(users[secretColumn]), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id }),
  );
  return moved.length > 0;
}

async function useRecoveryCode(db: DbLike, userId: number, code: string, now: number): Promise<boolean> {
  const used = await db.transaction((tx) =>
    tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id }),
  );
  return used.length > 0;
}
