import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { message } from '../../shared/messages.ts';
import { passkeyAnswer, secondStepInput } from '../../shared/schemas/account.ts';
import { loginInput } from '../../shared/schemas/users.ts';
import { checkPassword } from './password-check.ts';
import { checkSecondStepCode } from '../auth/second-step.ts';
import { secondStepMethods, type SecondStepMethod } from '../auth/second-factor-policy.ts';
import { consumePendingSignIn, findPendingSignIn, startPendingSignIn } from '../auth/pending-sign-ins.ts';
import { signInOptions, verifySignIn } from '../auth/passkeys.ts';
import { invalidateSession, invalidateUserSessions, type SessionUser } from '../auth/sessions.ts';
import { completeSignIn, type Me } from '../auth/sign-in.ts';
import { users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { recordAudit } from '../security/audit.ts';
import { recordFailedLogin } from '../security/failed-logins.ts';
import { writerProcedure, publicProcedure, router } from '../trpc/procedures.ts';
import type { Context } from '../trpc/context.ts';
import { ThrottledError } from '../trpc/errors.ts';

export function sessionPolicy(env: Env) {
  return { idleMs: env.SESSION_IDLE_HOURS * 3_600_000, maxMs: env.SESSION_MAX_HOURS * 3_600_000 };
}

/** A right password for an account with a second factor: no session yet, only the factors it may use. */
export interface TwoFactorRequired {
  status: 'two_factor_required';
  methods: SecondStepMethod[];
}

const userFields = { id: users.id, name: users.name, email: users.email, role: users.role };

async function userById(ctx: Context, id: number): Promise<SessionUser | null> {
  const [row] = await ctx.db.select(userFields).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

const stepExpired = (ctx: Context) => new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'secondStepExpired') });

export const authRouter = router({
  /**
   * The password step. An account with a second factor gets no session here: the answer names the
   * factors it may finish with, and the browser holds a pending sign-in (a cookie) for a few minutes.
   */
  login: publicProcedure
    .meta({ changesPublicContent: false })
    .input(loginInput)
    .mutation(async ({ ctx, input }): Promise<Me | TwoFactorRequired> => {
      const [row] = await ctx.db
        .select({ ...userFields, passwordHash: users.passwordHash, hasSecondFactor: users.hasSecondFactor })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      // Unknown e-mail and wrong password cost the same time and give the same answer.
      const valid = await checkPassword(ctx, input.email, row?.passwordHash ?? null, input.password);
      if (!row || !valid) {
        await recordFailedLogin(ctx.db, { userId: row?.id ?? null, account: input.email });
        throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'invalidCredentials') });
      }
      const user = { id: row.id, name: row.name, email: row.email, role: row.role };
      if (row.hasSecondFactor === 1) {
        const pending = await startPendingSignIn(ctx.db, row.id);
        ctx.cookies.setSignIn?.('sign_in', pending.token, pending.expiresAt);
        return { status: 'two_factor_required', methods: await secondStepMethods(ctx.db, row.id) };
      }
      return completeSignIn(ctx, user, 'password');
    }),

  /** Which second step the browser's pending sign-in waits for; null when it has none (or it lapsed). */
  pendingSignIn: publicProcedure.query(async ({ ctx }): Promise<{ methods: SecondStepMethod[] } | null> => {
    const pending = await findPendingSignIn(ctx.db, ctx.signInCookies?.sign_in);
    return pending ? { methods: await secondStepMethods(ctx.db, pending.userId) } : null;
  }),

  /**
   * The second step with a code: the app's current code or one of the recovery codes. Guesses are
   * throttled per account (auth/second-step-throttle.ts), counted before the code is checked.
   */
  secondStep: publicProcedure
    .meta({ changesPublicContent: false })
    .input(secondStepInput)
    .mutation(async ({ ctx, input }): Promise<Me> => {
      const pending = await findPendingSignIn(ctx.db, ctx.signInCookies?.sign_in);
      if (!pending) throw stepExpired(ctx);
      const checked = await checkSecondStepCode(ctx.db, pending.userId, input.code);
      if (checked.wait > 0)
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message(ctx.lang, 'tooManyRequests'), cause: new ThrottledError(checked.wait) });
      const user = await userById(ctx, pending.userId);
      if (!checked.method || !user) {
        await recordFailedLogin(ctx.db, { userId: pending.userId, account: user?.email ?? '' });
        throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'secondStepCodeWrong') });
      }
      // Two right codes racing for one pending sign-in make one session.
      if (!(await consumePendingSignIn(ctx.db, pending.id))) throw stepExpired(ctx);
      return completeSignIn(ctx, user, checked.method);
    }),

  /** Asks the browser for any passkey of this site: a passkey alone signs in (it is two factors in one). */
  passkeyOptions: publicProcedure.meta({ changesPublicContent: false }).mutation(({ ctx }) => signInOptions(ctx)),

  passkeySignIn: publicProcedure
    .meta({ changesPublicContent: false })
    .input(z.object({ response: passkeyAnswer(16_384) }))
    .mutation(async ({ ctx, input }): Promise<Me> => {
      const userId = await verifySignIn(ctx, input.response as unknown as Parameters<typeof verifySignIn>[1]);
      const user = userId === null ? null : await userById(ctx, userId);
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'passkeyFailed') });
      const pending = await findPendingSignIn(ctx.db, ctx.signInCookies?.sign_in);
      if (pending) await consumePendingSignIn(ctx.db, pending.id);
      return completeSignIn(ctx, user, 'passkey');
    }),

  logout: publicProcedure.meta({ changesPublicContent: false }).mutation(async ({ ctx }) => {
    const signedIn = ctx.session ? { user: ctx.user, session: ctx.session } : ctx.restricted;
    if (signedIn) {
      await invalidateSession(ctx.db, signedIn.session.id);
      await recordAudit(ctx.db, { userId: signedIn.user?.id ?? null, userEmail: signedIn.user?.email ?? null, action: 'auth.logout' });
    }
    ctx.cookies.clearSession();
    return { success: true as const };
  }),

  /** Ends every session of the signed-in user, this one included. */
  logoutEverywhere: writerProcedure.meta({ changesPublicContent: false, secondFactorSetup: true }).mutation(async ({ ctx }) => {
    await invalidateUserSessions(ctx.db, ctx.user.id);
    ctx.cookies.clearSession();
    await recordAudit(ctx.db, { userId: ctx.user.id, userEmail: ctx.user.email, action: 'auth.logoutEverywhere' });
    return { success: true as const };
  }),

  me: publicProcedure.query(({ ctx }): Me | null => {
    if (ctx.user) return { ...ctx.user, mustAddSecondFactor: false };
    return ctx.restricted ? { ...ctx.restricted.user, mustAddSecondFactor: true } : null;
  }),
});
