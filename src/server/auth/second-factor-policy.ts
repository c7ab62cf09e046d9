import { count, eq, isNotNull, and } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import { passkeys, siteState, users } from '../db/schema.ts';

const REQUIRE_KEY = 'require_second_factor';

/** Whether administrators require a second factor of every account (kept in the database, so every node agrees). */
export async function secondFactorRequired(db: DbLike): Promise<boolean> {
  const [row] = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, REQUIRE_KEY)).limit(1);
  return row?.value === 1;
}

export async function setSecondFactorRequired(db: DbLike, required: boolean): Promise<void> {
  const value = required ? 1 : 0;
  await db.transaction((tx) => tx.insert(siteState).values({ key: REQUIRE_KEY, value }).onConflictDoUpdate({ target: siteState.key, set: { value } }));
}

export type SecondStepMethod = 'totp' | 'recovery_code' | 'passkey';

/** The ways an account can finish signing in after its password. Empty: it has no second factor. */
export async function secondStepMethods(db: DbLike, userId: number): Promise<SecondStepMethod[]> {
  const [app] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.totpSecret)))
    .limit(1);
  const [keys] = await db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const methods: SecondStepMethod[] = [];
  if (app) methods.push('totp', 'recovery_code');
  if ((keys?.value ?? 0) > 0) methods.push('passkey');
  return methods;
}

/**
 * Brings the account's `has_second_factor` flag (read with every session) in line with its
 * factors; called in the same transaction as every change to them.
 */
export async function refreshSecondFactorFlag(tx: DbLike, userId: number): Promise<void> {
  const has = (await secondStepMethods(tx, userId)).length > 0 ? 1 : 0;
  await tx.update(users).set({ hasSecondFactor: has }).where(eq(users.id, userId));
}
