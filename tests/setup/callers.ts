import { createSession, generateSessionToken, validateSessionToken, type Session, type SessionUser } from '../../src/server/auth/sessions.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { innerContext, type Context } from '../../src/server/trpc/context.ts';
import { createCaller } from '../../src/server/trpc/router.ts';
import type { Language } from '../../src/shared/locale.ts';
import { makeUser } from '../factories/index.ts';
import type { TestDeps } from './test-db.ts';

export function publicCaller(deps: TestDeps, overrides: Partial<Context> = {}) {
  return createCaller(innerContext(deps, overrides));
}

export interface SignedIn {
  caller: ReturnType<typeof createCaller>;
  user: SessionUser;
  session: Session;
  token: string;
}

/** Logs an admin in by creating a session row directly (only the login tests drive the login procedure). */
export async function adminCaller(deps: TestDeps, options: { lang?: Language; user?: SessionUser; signedInAt?: Date } = {}): Promise<SignedIn> {
  const user = options.user ?? (await makeUser(deps));
  const token = generateSessionToken();
  const session = await createSession(deps.db, token, user.id, sessionPolicy(deps.env), options.signedInAt);
  const caller = createCaller(innerContext(deps, { user, session, lang: options.lang ?? 'en' }));
  return { caller, user, session, token };
}

/**
 * A caller whose context comes from a session cookie token, looked up as every HTTP request looks
 * it up (validateSessionToken with the site's policy): an expired or unknown token leaves no user.
 */
export async function callerForToken(deps: TestDeps, token: string, options: { lang?: Language; now?: Date } = {}) {
  const found = await validateSessionToken(deps.db, token, sessionPolicy(deps.env), options.now);
  return createCaller(innerContext(deps, { lang: options.lang ?? 'en', user: found?.user ?? null, session: found?.session ?? null }));
}

/** The cookie token of a real session row whose idle timeout has already run out. */
export async function expiredSessionToken(deps: TestDeps, user?: SessionUser): Promise<string> {
  const owner = user ?? (await makeUser(deps));
  const token = generateSessionToken();
  const policy = sessionPolicy(deps.env);
  await createSession(deps.db, token, owner.id, policy, new Date(Date.now() - policy.idleMs - 60_000));
  return token;
}

/** A fresh valid session of the user, as login would create it; returns the cookie token. */
export async function sessionTokenFor(deps: TestDeps, user: SessionUser, now = new Date()): Promise<string> {
  const token = generateSessionToken();
  await createSession(deps.db, token, user.id, sessionPolicy(deps.env), now);
  return token;
}

type AnyCaller = ReturnType<typeof createCaller>;

/** The function of a dotted procedure path ('news.create') on a caller, for tests that walk the router. */
export function procedureOf(caller: AnyCaller, path: string): (input?: unknown) => Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  if (typeof fn !== 'function') throw new Error(`No procedure at ${path}`);
  return fn as (input?: unknown) => Promise<unknown>;
}
