import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { message } from '../../shared/messages.ts';
import { loginInput } from '../../shared/schemas/users.ts';
import { checkPassword } from './password-check.ts';
import { createSession, generateSessionToken, invalidateSession, invalidateUserSessions, type SessionUser } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { recordAudit } from '../security/audit.ts';
import { recordFailedLogin } from '../security/failed-logins.ts';
import { writerProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export function sessionPolicy(env: Env) {
  return { idleMs: env.SESSION_IDLE_HOURS * 3_600_000, maxMs: env.SESSION_MAX_HOURS * 3_600_000 };
}

export const authRouter = router({
  login: publicProcedure.meta({ changesPublicContent: false }).input(loginInput).mutation(async ({ ctx, input }): Promise<SessionUser> => {
    const [row] = await ctx.db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    // Unknown e-mail and wrong password cost the same time and give the same answer.
    const valid = await checkPassword(ctx, input.email, row?.passwordHash ?? null, input.password);
    if (!row || !valid) {
      await recordFailedLogin(ctx.db, { userId: row?.id ?? null, account: input.email });
      throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'invalidCredentials') });
    }
    // Always a fresh session: a session id planted before login is never promoted.
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    const token = generateSessionToken();
    const session = await createSession(ctx.db, token, row.id, sessionPolicy(ctx.env), undefined, ctx.browser ?? null);
    ctx.cookies.setSession(token, session.expiresAt);
    await recordAudit(ctx.db, { userId: row.id, userEmail: row.email, action: 'auth.login' });
    return { id: row.id, name: row.name, email: row.email, role: row.role };
  }),

  logout: publicProcedure.meta({ changesPublicContent: false }).mutation(async ({ ctx }) => {
    if (ctx.session) {
      await invalidateSession(ctx.db, ctx.session.id);
      await recordAudit(ctx.db, { userId: ctx.user?.id ?? null, userEmail: ctx.user?.email ?? null, action: 'auth.logout' });
    }
    ctx.cookies.clearSession();
    return { success: true as const };
  }),

  /** Ends every session of the signed-in user, this one included. */
  logoutEverywhere: writerProcedure.meta({ changesPublicContent: false }).mutation(async ({ ctx }) => {
    await invalidateUserSessions(ctx.db, ctx.user.id);
    ctx.cookies.clearSession();
    await recordAudit(ctx.db, { userId: ctx.user.id, userEmail: ctx.user.email, action: 'auth.logoutEverywhere' });
    return { success: true as const };
  }),

  me: publicProcedure.query(({ ctx }): SessionUser | null => ctx.user),
});
