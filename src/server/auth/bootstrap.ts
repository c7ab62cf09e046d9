import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).limit(1);
  return row?.value ?? 0;
}

/** The password is hashed before the transaction (slow work keeps no writer waiting). */
export async function createAdmin(db: Db, input: { name: string; email: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db.transaction((tx) =>
    tx
      .insert(users)
      .values({ name: input.name, email: input.email.trim().toLowerCase(), passwordHash, role: 'admin' })
      .returning({ id: users.id, email: users.email }),
  );
  return created!;
}

/** Creates the configured admin on a site that has no user yet; returns whether it did. */
export async function ensureInitialAdmin(
  db: Db,
  env: { ADMIN_EMAIL?: string | undefined; ADMIN_PASSWORD?: string | undefined; ADMIN_NAME: string },
): Promise<boolean> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD || (await userCount(db)) > 0) return false;
  await createAdmin(db, { name: env.ADMIN_NAME, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  return true;
}
