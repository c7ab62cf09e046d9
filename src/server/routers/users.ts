import { TRPCError } from '@trpc/server';
import { asc, count, eq } from 'drizzle-orm';
import { message } from '../../shared/messages.ts';
import { byIdInput, pageInput } from '../../shared/schemas/common.ts';
import { createUserInput, resetSecondFactorInput, updateUserInput, type Role } from '../../shared/schemas/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import { invalidateUserSessions } from '../auth/sessions.ts';
import { resetFactors } from '../auth/factors.ts';
import { secondFactorRequired, setSecondFactorRequired } from '../auth/second-factor-policy.ts';
import { z } from 'zod';
import type { DbLike } from '../db/client.ts';
import type { Context } from '../trpc/context.ts';
import { legalItems, passkeys, pendingSignIns, posts, recoveryCodes, sessions, users } from '../db/schema.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { fieldError } from '../trpc/init.ts';
import { adminProcedure, editorProcedure, router } from '../trpc/procedures.ts';
import { checkPassword } from './password-check.ts';
import { notFound, pageWindow, type Page } from './helpers.ts';

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
  /** 1 when the account has a passkey or an authenticator app. */
  hasSecondFactor: number;
}

/** Never the password hash. */
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  hasSecondFactor: users.hasSecondFactor,
};

/**
 * Administrators there are, read inside the transaction that would remove one: on SQLite writes
 * take turns, and PostgreSQL's serializable transactions refuse one of two that each removed a
 * different one of the last two.
 */
async function administrators(tx: DbLike): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.value ?? 0;
}

async function emailTaken(db: DbLike, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row && row.id !== exceptId);
}

/**
 * How long after signing in an editor may add a user or change another's e-mail address or
 * password without typing her own password again. A session cookie stolen later (a shared
 * computer, a phishing page's replay) is then not enough to give an attacker an account of her own.
 */
export const RECENT_SIGN_IN_MINUTES = 15;

type SignedInContext = Context & { user: NonNullable<Context['user']>; session: NonNullable<Context['session']> };

/** The acting editor's own password: required for a change that hands out access, unless she signed in moments ago. */
async function confirmItIsHer(ctx: SignedInContext, currentPassword: string | undefined): Promise<void> {
  if (Date.now() - ctx.session.createdAt.getTime() < RECENT_SIGN_IN_MINUTES * 60_000) return;
  if (!currentPassword) throw fieldError('currentPassword', message(ctx.lang, 'confirmWithPassword'));
  const [me] = await ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!me || !(await checkPassword(ctx, me.email, me.passwordHash, currentPassword)))
    throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordWrong'));
}

export const usersRouter = router({
  list: adminProcedure.input(pageInput).query(async ({ ctx, input }): Promise<Page<User>> => {
    const { limit, offset } = pageWindow(input);
    const items = await ctx.db.select(userColumns).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(limit).offset(offset);
    const [counted] = await ctx.db.select({ value: count() }).from(users);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),

  byId: adminProcedure.input(byIdInput).query(async ({ ctx, input }): Promise<User> => {
    const [row] = await ctx.db.select(userColumns).from(users).where(eq(users.id, input.id)).limit(1);
    if (!row) throw notFound(ctx, 'userNotFound');
    return row;
  }),

  create: adminProcedure
    .meta({ changesPublicContent: false })
    .input(createUserInput)
    .mutation(async ({ ctx, input }): Promise<User> => {
      if (await emailTaken(ctx.db, input.email)) throw fieldError('email', message(ctx.lang, 'emailTaken'));
      await confirmItIsHer(ctx, input.currentPassword);
      const passwordHash = await hashPassword(input.password);
      const [row] = await ctx.db.transaction(async (tx) =>
        tx.insert(users).values({ name: input.name, email: input.email, passwordHash, role: input.role }).returning(userColumns),
      );
      return row!;
    }),

  /**
   * Changing one's own e-mail address or password takes the current password: a session left open
   * or stolen must not be enough to take the account over for good. Either change ends the user's
   * other sessions. An administrator changing another user's address or password needs no password
   * of that user, but her own when she signed in more than a few minutes ago (as for adding a
   * user); it ends every session of that user.
   */
  update: adminProcedure
    .meta({ changesPublicContent: false })
    .input(updateUserInput)
    .mutation(async ({ ctx, input }): Promise<User> => {
      const [before] = await ctx.db
        .select({ email: users.email, passwordHash: users.passwordHash, role: users.role })
        .from(users)
        .where(eq(users.id, input.id))
        .limit(1);
      if (!before) throw notFound(ctx, 'userNotFound');
      const isSelf = input.id === ctx.user.id;
      const emailChanges = input.email !== undefined && input.email !== before.email;
      if (isSelf && (input.password || emailChanges)) {
        if (!input.currentPassword) throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordRequired'));
        if (!(await checkPassword(ctx, before.email, before.passwordHash, input.currentPassword)))
          throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordWrong'));
      }
      if (!isSelf && (input.password || emailChanges)) await confirmItIsHer(ctx, input.currentPassword);
      // Hashed before the transaction: every other writer would wait for it there.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const row = await ctx.db.transaction(async (tx) => {
        const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id)).limit(1);
        if (!exists) throw notFound(ctx, 'userNotFound');
        if (input.email && (await emailTaken(tx, input.email, input.id))) throw fieldError('email', message(ctx.lang, 'emailTaken'));
        if (input.role && input.role !== before.role && before.role === 'admin' && (await administrators(tx)) <= 1)
          throw fieldError('role', message(ctx.lang, 'cannotDemoteLastAdmin'));
        const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
        if (input.role) changes.role = input.role;
        if (input.name) changes.name = input.name;
        if (input.email) changes.email = input.email;
        if (passwordHash) changes.passwordHash = passwordHash;
        const [row] = await tx.update(users).set(changes).where(eq(users.id, input.id)).returning(userColumns);
        return row!;
      });
      // Whoever knew the old password, or could reset it through the old address, is signed out.
      if (passwordHash || emailChanges) await invalidateUserSessions(ctx.db, input.id, isSelf ? ctx.session.id : undefined);
      return row;
    }),

  /**
   * Takes every second factor off another account (a lost phone, a lost passkey): it signs in with its
   * password alone again, and every session it had ends. The activity log records who did it; no
   * secret is ever shown, to her or to anyone.
   */
  resetSecondFactor: adminProcedure
    .meta({ changesPublicContent: false })
    .input(resetSecondFactorInput)
    .mutation(async ({ ctx, input }) => {
      if (input.id === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'resetOwnFactor') });
      await confirmItIsHer(ctx, input.currentPassword);
      await ctx.db.transaction(async (tx) => {
        const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id)).limit(1);
        if (!target) throw notFound(ctx, 'userNotFound');
        await resetFactors(tx, input.id);
      });
      await invalidateUserSessions(ctx.db, input.id);
      return { id: input.id };
    }),

  /** Everyone who can write, by account name, for the editors' "by author" filter of the item lists. */
  authors: editorProcedure.query(({ ctx }) => ctx.db.select({ id: users.id, name: users.name }).from(users).orderBy(asc(users.name), asc(users.id))),

  /** Whether every account must have a second factor. */
  secondFactorPolicy: adminProcedure.query(async ({ ctx }) => ({ required: await secondFactorRequired(ctx.db) })),

  /**
   * Requires (or stops requiring) a second factor of every account. An administrator without one
   * must add her own first: the rule would otherwise shut her out of the page that lifts it.
   */
  requireSecondFactor: adminProcedure
    .meta({ changesPublicContent: false })
    .input(z.object({ required: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      if (input.required) {
        const [me] = await ctx.db.select({ has: users.hasSecondFactor }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
        if (me?.has !== 1) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'requireOwnFactorFirst') });
      }
      await setSecondFactorRequired(ctx.db, input.required);
      return { required: input.required };
    }),

  delete: adminProcedure
    .meta({ changesPublicContent: false })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      if (input.id === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'cannotDeleteSelf') });
      await ctx.db.transaction(async (tx) => {
        const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.id)).limit(1);
        if (!target) throw notFound(ctx, 'userNotFound');
        if (target.role === 'admin' && (await administrators(tx)) <= 1)
          throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'cannotDeleteLastAdmin') });
        await tx.delete(users).where(eq(users.id, input.id));
        // Her drafts stay, for an editor to finish; nobody else becomes their writer.
        for (const table of [posts, legalItems]) await tx.update(table).set({ createdBy: null }).where(eq(table.createdBy, input.id));
      });
      await eraseDeleted(ctx.db, tablesNamed([users, sessions, passkeys, recoveryCodes, pendingSignIns]));
      return { id: input.id };
    }),
});
