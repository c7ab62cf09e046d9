import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { replaceRecoveryCodes } from '../../src/server/auth/factors.ts';
import { refreshSecondFactorFlag } from '../../src/server/auth/second-factor-policy.ts';
import { encodeKey, newTotpKey, stepAt, totpCode } from '../../src/server/auth/totp.ts';
import { passkeys, users } from '../../src/server/db/schema.ts';
import type { TestDeps } from '../setup/test-db.ts';

/** The app's code for the step `offset` steps from now, computed as a phone would from the key it was shown. */
export const codeAt = (key: Uint8Array, offset = 0, now = Date.now()) => totpCode(key, stepAt(now) + offset);

/** The key behind the `secret` account.totpStart shows (base32, as apps ask to have it typed). */
export const keyOfSecret = (secret: string) => decodeBase32IgnorePadding(secret.replaceAll(' ', ''));

/** The key in an otpauth:// link, as a phone reads it from the QR code. */
export const keyOfUri = (uri: string) => keyOfSecret(new URL(uri).searchParams.get('secret')!);

/** Turns an authenticator app on for an account directly (as account.totpConfirm would): its key and its ten recovery codes. */
export async function giveTotp(deps: TestDeps, userId: number, key: Uint8Array = newTotpKey()): Promise<{ key: Uint8Array; recoveryCodes: string[] }> {
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: encodeKey(key), totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await refreshSecondFactorFlag(tx, userId);
    return replaceRecoveryCodes(tx, userId);
  });
  return { key, recoveryCodes };
}

/** An authenticator app set up but not confirmed yet (account.totpStart's state). */
export async function givePendingTotp(deps: TestDeps, userId: number, key: Uint8Array = newTotpKey()): Promise<Uint8Array> {
  await deps.db.transaction((tx) =>
    tx
      .update(users)
      .set({ totpPendingSecret: encodeKey(key), totpLastStep: null })
      .where(eq(users.id, userId)),
  );
  return key;
}

/** A stored passkey row (its public key is no real key: for what only needs the account to hold one). */
export async function givePasskeyRow(deps: TestDeps, userId: number, id: string, name = 'Matrix key'): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.insert(passkeys).values({ id, userId, name, publicKey: 'AAAA', counter: 0, transports: 'internal', createdAt: new Date() });
    await refreshSecondFactorFlag(tx, userId);
  });
}
