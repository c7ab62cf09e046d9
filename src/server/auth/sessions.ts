import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'session';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'admin';
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

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function createSession(db: Db, token: string, userId: number, policy: SessionPolicy, now = new Date()): Session {
  const session: Session = {
    id: sessionIdOf(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Math.min(policy.idleMs, policy.maxMs)),
  };
  db.insert(sessions).values(session).run();
  return session;
}

/**
 * Looks a cookie token up. Expiry slides with use (idle timeout) but never past the absolute
 * lifetime counted from login; the row is written at most once per tenth of the idle period.
 */
export function validateSessionToken(db: Db, token: string, policy: SessionPolicy, now = new Date()): { session: Session; user: SessionUser; refreshed: boolean } | null {
  const id = sessionIdOf(token);
  const row = db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt },
      user: { id: users.id, name: users.name, email: users.email, role: users.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  const { session, user } = row;
  const hardLimit = session.createdAt.getTime() + policy.maxMs;
  if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= hardLimit) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  const slid = Math.min(now.getTime() + policy.idleMs, hardLimit);
  const refreshed = slid - session.expiresAt.getTime() > policy.idleMs / 10;
  if (refreshed) {
    session.expiresAt = new Date(slid);
    db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id)).run();
  }
  return { session, user, refreshed };
}

export function invalidateSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function invalidateUserSessions(db: Db, userId: number, exceptSessionId?: string): void {
  const condition = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
  db.delete(sessions).where(condition).run();
}

export function deleteExpiredSessions(db: Db, now = new Date()): void {
  db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
}
