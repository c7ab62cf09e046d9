import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { setupAdminInput } from '../../shared/schemas/setup.ts';
import { createAdmin, userCount } from '../auth/bootstrap.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { recordAudit } from '../security/audit.ts';
import { runtimeFor } from '../security/runtime.ts';
import { publicProcedure, router } from '../trpc/procedures.ts';
import { sessionPolicy } from './auth.ts';

const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/**
 * First run without ADMIN_EMAIL/ADMIN_PASSWORD: arms a one-time setup token and returns it for
 * the server to print. Returns null when the site already has a user.
 */
export function armSetupToken(db: Db, env: Env): string | null {
  if (userCount(db) > 0) return null;
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  const token = Buffer.from(bytes).toString('base64url');
  runtimeFor(db, env).setupTokenHash = hashToken(token);
  return token;
}

export const setupRouter = router({
  status: publicProcedure.query(({ ctx }) => ({ needed: runtimeFor(ctx.db, ctx.env).setupTokenHash !== null && userCount(ctx.db) === 0 })),

  /** Creates the first administrator with the printed token, signs them in, and disarms setup for good. */
  createAdmin: publicProcedure.meta({ changesPublicContent: true }).input(setupAdminInput).mutation(async ({ ctx, input }): Promise<SessionUser> => {
    const runtime = runtimeFor(ctx.db, ctx.env);
    if (userCount(ctx.db) > 0) {
      runtime.setupTokenHash = null;
      throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, 'setupDone') });
    }
    if (!runtime.setupTokenHash || hashToken(input.token) !== runtime.setupTokenHash) {
      throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'setupInvalidToken') });
    }
    runtime.setupTokenHash = null;
    const created = await createAdmin(ctx.db, { name: input.name, email: input.email, password: input.password });
    const token = generateSessionToken();
    const session = createSession(ctx.db, token, created.id, sessionPolicy(ctx.env));
    ctx.cookies.setSession(token, session.expiresAt);
    recordAudit(ctx.db, { userId: created.id, userEmail: created.email, action: 'setup.createAdmin' });
    return { id: created.id, name: input.name, email: created.email, role: 'admin' };
  }),
});
