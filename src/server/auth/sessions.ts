import { createHash } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Role } from '../../shared/schemas/users.ts';
import type { Db, DbLike } from '../db/client.ts';
import { preparedRead } from '../db/prepared-reads.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'session';
/**
 * Cookies that make an answer someone's own: a session, or a sign-in under way (a right password
 * waiting for its second step, a passkey's challenge). A request carrying any is never answered from,
 * or kept in, a shared cache.
 */
export const PERSONAL_COOKIES = [SESSION_COOKIE, 'sign_in', 'passkey'] as const;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export interface Session {
  id: string;
  userId: number;
  expiresAt: Date;
  createdAt: Date;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What generateSessionToken makes: 20 bytes in lower-case base32, 32 characters. */
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

/**
 * Whether a cookie could name a session at all. One that cannot (another application's cookie of
 * the same name, a made-up one) is cleared without hashing it or asking the database: a flood of
 * such cookies costs no lookups.
 */
export const hasSessionTokenShape = (token: string) => TOKEN_SHAPE.test(token);

/**
 * The session's id: the token's SHA-256, so a copy of the table names no cookie. Node's native hash
 * (every request with a cookie pays for it: a JavaScript SHA-256 cost 20 µs of an editor's request).
 */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function createSession(
  db: DbLike,
  token: string,
  userId: number,
  policy: SessionPolicy,
  now = new Date(),
  browser: string | null = null,
): Promise<Session> {
  const session: Session = {
    id: sessionIdOf(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Math.min(policy.idleMs, policy.maxMs)),
  };
  await db.transaction((tx) => tx.insert(sessions).values({ ...session, browser }));
  return session;
}

/**
 * How a session is named to its owner's browser: derived from its id (itself a hash of the cookie
 * token), so the page that lists sessions hands out nothing that signs anyone in.
 */
export const sessionHandleOf = (sessionId: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(`handle:${sessionId}`))).slice(0, 32);

export interface OwnSession {
  handle: string;
  browser: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** The session this request came with. */
  current: boolean;
}

/** The user's live sessions, newest first. */
export async function sessionsOf(db: DbLike, userId: number, currentId: string | null, now = new Date()): Promise<OwnSession[]> {
  const rows = await db
    .select({ id: sessions.id, browser: sessions.browser, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
  return rows.map(({ id, ...row }) => ({ ...row, handle: sessionHandleOf(id), current: id === currentId }));
}

/** Ends one of the user's own sessions, named by its handle; false when she has none by that name. */
export async function endOwnSession(db: DbLike, userId: number, handle: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owned = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const target = owned.find((row) => sessionHandleOf(row.id) === handle);
    if (!target) return false;
    await tx.delete(sessions).where(eq(sessions.id, target.id));
    return true;
  });
}

// Read for every request that carries a session cookie: on PostgreSQL in one round trip.
const readSession = preparedRead<{ id: string }>()((db, value) =>
  db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt },
      user: { id: users.id, name: users.name, email: users.email, role: users.role },
      hasSecondFactor: users.hasSecondFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, value('id')))
    .limit(1),
);

// On SQLite the session's row, then its user's: the join cost a cookie naming no session (most of
// what a flood of made-up cookies sends) four times what the session's row alone does.
const readSessionRow = preparedRead<{ id: string }>()((db, value) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, value('id')))
    .limit(1),
);
const readSessionUser = preparedRead<{ id: number }>()((db, value) =>
  db
    .select({ user: { id: users.id, name: users.name, email: users.email, role: users.role }, hasSecondFactor: users.hasSecondFactor })
    .from(users)
    .where(eq(users.id, value('id')))
    .limit(1),
);

/** The session named by the id with its user, as the join reads them; none when either is gone. */
async function findSession(db: Db, id: string) {
  if (db.dialect === 'postgres') return (await readSession(db, { id }))[0];
  const [session] = await readSessionRow(db, { id });
  if (!session) return undefined;
  // A user deleted since takes her sessions with her (ON DELETE CASCADE): her row missing is no session.
  const [owner] = await readSessionUser(db, { id: session.userId });
  return owner ? { session, ...owner } : undefined;
}

/**
 * Looks a cookie token up. Expiry slides with use (idle timeout) but never past the absolute
 * lifetime counted from login; the row is written at most once per tenth of the idle period.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ session: Session; user: SessionUser; hasSecondFactor: boolean; refreshed: boolean } | null> {
  const id = sessionIdOf(token);
  const row = await findSession(db, id);
  if (!row) return null;
  const { session, user, hasSecondFactor } = row;
  const hardLimit = session.createdAt.getTime() + policy.maxMs;
  if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= hardLimit) {
    await db.transaction((tx) => tx.delete(sessions).where(eq(sessions.id, id)));
    return null;
  }
  const slid = Math.min(now.getTime() + policy.idleMs, hardLimit);
  const refreshed = slid - session.expiresAt.getTime() > policy.idleMs / 10;
  if (refreshed) {
    session.expiresAt = new Date(slid);
    await db.transaction((tx) => tx.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id)));
  }
  return { session, user, hasSecondFactor: hasSecondFactor === 1, refreshed };
}

export async function invalidateSession(db: DbLike, sessionId: string): Promise<void> {
  await db.transaction((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

export async function invalidateUserSessions(db: DbLike, userId: number, exceptSessionId?: string): Promise<void> {
  const condition = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
  await db.transaction((tx) => tx.delete(sessions).where(condition));
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.transaction((tx) => tx.delete(sessions).where(lt(sessions.expiresAt, now)));
}
