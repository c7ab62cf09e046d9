import { createSession, generateSessionToken, type Session, type SessionUser } from '../../src/server/auth/sessions.ts';
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
export async function adminCaller(deps: TestDeps, options: { lang?: Language; user?: SessionUser } = {}): Promise<SignedIn> {
  const user = options.user ?? (await makeUser(deps));
  const token = generateSessionToken();
  const session = createSession(deps.db, token, user.id, sessionPolicy(deps.env));
  const caller = createCaller(innerContext(deps, { user, session, lang: options.lang ?? 'en' }));
  return { caller, user, session, token };
}
