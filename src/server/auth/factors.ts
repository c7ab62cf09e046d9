import { and, eq } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { passkeys, recoveryCodes, users } from '../db/schema.ts';
import { refreshSecondFactorFlag } from './second-factor-policy.ts';
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './totp.ts';

/** What the security page shows of an account's factors: names and dates, never a secret. */
export async function factorsOf(db: DbLike, userId: number) {
  const [user] = await db.select({ totp: users.totpSecret }).from(users).where(eq(users.id, userId)).limit(1);
  const codes = await db.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  return { totp: Boolean(user?.totp), recoveryCodesLeft: codes.filter((code) => !code.usedAt).length, passkeys: keys };
}

/** Ten new recovery codes in place of any earlier ones; only their hashes are kept, the codes are shown once. */
export async function replaceRecoveryCodes(tx: DbLike, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** Turns the app off and forgets its key and recovery codes. */
export async function removeTotp(tx: DbLike, userId: number): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await refreshSecondFactorFlag(tx, userId);
}

export async function removePasskey(tx: DbLike, userId: number, id: string): Promise<boolean> {
  const removed = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  await refreshSecondFactorFlag(tx, userId);
  return removed.length > 0;
}

/** An administrator's reset: every factor of the account gone (it signs in with its password alone again). */
export async function resetFactors(tx: DbLike, userId: number): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await removeTotp(tx, userId);
  await tx.update(users).set({ secondStepFailures: 0, secondStepFailedAt: null }).where(eq(users.id, userId));
}
