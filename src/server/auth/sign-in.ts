import type { Context } from '../trpc/context.ts';
import { recordAudit } from '../security/audit.ts';
import { sessionPolicy } from '../routers/auth.ts';
import { secondFactorRequired } from './second-factor-policy.ts';
import { createSession, generateSessionToken, invalidateSession, type SessionUser } from './sessions.ts';

/** The signed-in user, with whether she must add a second factor before she can do anything else. */
export interface Me extends SessionUser {
  mustAddSecondFactor: boolean;
}

/**
 * Signs a user in once every factor her account asks for was given: a fresh session (one planted
 * before sign-in is never promoted), its cookie, and the activity log's entry naming how.
 */
export async function completeSignIn(ctx: Context, user: SessionUser, how: 'password' | 'totp' | 'recovery_code' | 'passkey'): Promise<Me> {
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user.id, sessionPolicy(ctx.env), undefined, ctx.browser ?? null);
  ctx.cookies.setSession(token, session.expiresAt);
  ctx.cookies.clearSignIn?.('sign_in');
  ctx.cookies.clearSignIn?.('passkey');
  // How she finished signing in (the activity log's page words it in each language); null: a password alone.
  await recordAudit(ctx.db, { userId: user.id, userEmail: user.email, action: 'auth.login', summary: how === 'password' ? null : how });
  // Only a password alone can leave an account without a second factor the site requires.
  const mustAddSecondFactor = how === 'password' && (await secondFactorRequired(ctx.db));
  return { id: user.id, name: user.name, email: user.email, role: user.role, mustAddSecondFactor };
}
