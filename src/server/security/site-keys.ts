import { hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { siteSecrets } from '../db/schema.ts';
import type { Env } from '../env.ts';

/**
 * The keys of everything the site signs for a browser to bring back (the write-budget cookie, the
 * validators) and of the opaque keys its shared counters are kept under. Each is derived (HKDF)
 * from one site secret for its own purpose, so no key can be turned to another's use, and every
 * node of a site derives the same ones: a cookie one node signed, another accepts (decision 026).
 */
export interface SiteKeys {
  writeBudget: Buffer;
  validators: Buffer;
  /** Hashes addresses and accounts into the keys of the shared rate limits and throttles. */
  counters: Buffer;
  /** Signs the WebAuthn challenges a browser holds while it asks its passkey (auth/passkeys.ts). */
  passkeys: Buffer;
}

const SECRET_NAME = 'site';

export function deriveSiteKeys(secret: Buffer): SiteKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `womens-rights-news:${purpose}`, 32));
  return { writeBudget: derive('write-budget'), validators: derive('validators'), counters: derive('counters'), passkeys: derive('passkeys') };
}

/**
 * Keys of one process only, for a site built without its database's secret (tests, tools that
 * serve no browser). A served node always loads them with `loadSiteKeys`.
 */
export const processSiteKeys = (): SiteKeys => deriveSiteKeys(randomBytes(32));

/**
 * SITE_SECRET when the operator set it; else the secret kept in the database, made at random the
 * first time (by whichever node comes first: the insert that loses the race changes nothing).
 */
export async function loadSiteKeys(db: Db, env: Pick<Env, 'SITE_SECRET'>): Promise<SiteKeys> {
  if (env.SITE_SECRET) return deriveSiteKeys(Buffer.from(env.SITE_SECRET, 'utf8'));
  return deriveSiteKeys(await storedSecret(db, SECRET_NAME));
}

/**
 * A 32-byte secret kept in the database under a name, made at random the first time (by whichever
 * node comes first: the insert that loses the race changes nothing, and both read the winner's).
 */
export async function storedSecret(db: Db, name: string): Promise<Buffer> {
  const stored = async () => (await db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, name)).limit(1))[0]?.value;
  let value = await stored();
  if (!value) {
    const made = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      await tx.insert(siteSecrets).values({ name, value: made }).onConflictDoNothing();
    });
    value = await stored();
  }
  if (!value) throw new Error(`The secret "${name}" could not be stored.`);
  return Buffer.from(value, 'base64url');
}
