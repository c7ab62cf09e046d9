import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { setupAdminInput } from '../../shared/schemas/setup.ts';
import { createAdmin, userCount } from '../auth/bootstrap.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/sessions.ts';
import type { Deps } from '../trpc/context.ts';
import { recordAudit } from '../security/audit.ts';
import { publicProcedure, router } from '../trpc/procedures.ts';
import { sessionPolicy } from './auth.ts';

const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/**
 * First run without ADMIN_EMAIL/ADMIN_PASSWORD: arms a one-time setup token and returns it for
 * the server to print. Returns null when the site already has a user.
 */
export async function armSetupToken(deps: Pick<Deps, 'db' | 'guards'>): Promise<string | null> {
  if ((await userCount(deps.db)) > 0) return null;
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  const token = Buffer.from(bytes).toString('base64url');
  await deps.guards.setupToken.arm(hashToken(token));
  return token;
}

export const setupRouter = router({
  status: publicProcedure.query(async ({ ctx }) => ({ needed: (await ctx.guards.setupToken.isArmed()) && (await userCount(ctx.db)) === 0 })),

  /** Creates the first administrator with the printed token, signs them in, and disarms setup for good. */
  createAdmin: publicProcedure
    .meta({ changesPublicContent: true })
    .input(setupAdminInput)
    .mutation(async ({ ctx, input }): Promise<SessionUser> => {
      const setupToken = ctx.guards.setupToken;
      if ((await userCount(ctx.db)) > 0) {
        await setupToken.disarm();
        throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, 'setupDone') });
      }
      if (!(await setupToken.take(hashToken(input.token)))) {
        throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'setupInvalidToken') });
      }
      const created = await createAdmin(ctx.db, { name: input.name, email: input.email, password: input.password });
      const token = generateSessionToken();
      const session = await createSession(ctx.db, token, created.id, sessionPolicy(ctx.env), undefined, ctx.browser ?? null);
      ctx.cookies.setSession(token, session.expiresAt);
      await recordAudit(ctx.db, { userId: created.id, userEmail: created.email, action: 'setup.createAdmin' });
      return { id: created.id, name: input.name, email: created.email, role: 'admin' };
    }),
});
