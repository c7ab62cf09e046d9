import { TRPCError } from '@trpc/server';
import { asc, count, eq } from 'drizzle-orm';
import { message } from '../../shared/messages.ts';
import { byIdInput, pageInput } from '../../shared/schemas/common.ts';
import { createUserInput, updateUserInput } from '../../shared/schemas/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import { invalidateUserSessions } from '../auth/sessions.ts';
import type { DbLike } from '../db/client.ts';
import type { Context } from '../trpc/context.ts';
import { users } from '../db/schema.ts';
import { fieldError } from '../trpc/init.ts';
import { adminProcedure, router } from '../trpc/procedures.ts';
import { checkPassword } from './password-check.ts';
import { notFound, pageWindow, type Page } from './helpers.ts';

export interface User {
  id: number;
  name: string;
  email: string;
  role: 'admin';
  createdAt: Date;
}

/** Never the password hash. */
const userColumns = { id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt };

function emailTaken(db: DbLike, email: string, exceptId?: number): boolean {
  const row = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
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
  const me = ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).get();
  if (!me || !(await checkPassword(ctx, me.email, me.passwordHash, currentPassword))) throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordWrong'));
}

export const usersRouter = router({
  list: adminProcedure.input(pageInput).query(({ ctx, input }): Page<User> => {
    const { limit, offset } = pageWindow(input);
    const items = ctx.db.select(userColumns).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(limit).offset(offset).all();
    const total = ctx.db.select({ value: count() }).from(users).get()?.value ?? 0;
    return { items, total, page: input.page, pageSize: input.pageSize };
  }),

  byId: adminProcedure.input(byIdInput).query(({ ctx, input }): User => {
    const row = ctx.db.select(userColumns).from(users).where(eq(users.id, input.id)).get();
    if (!row) throw notFound(ctx, 'userNotFound');
    return row;
  }),

  create: adminProcedure.meta({ changesPublicContent: false }).input(createUserInput).mutation(async ({ ctx, input }): Promise<User> => {
    if (emailTaken(ctx.db, input.email)) throw fieldError('email', message(ctx.lang, 'emailTaken'));
    await confirmItIsHer(ctx, input.currentPassword);
    const passwordHash = await hashPassword(input.password);
    return ctx.db.insert(users).values({ name: input.name, email: input.email, passwordHash, role: input.role }).returning(userColumns).get();
  }),

  /**
   * Changing one's own e-mail address or password takes the current password: a session left open
   * or stolen must not be enough to take the account over for good. Either change ends the user's
   * other sessions. An administrator changing another user's address or password needs no password
   * of that user, but her own when she signed in more than a few minutes ago (as for adding a
   * user); it ends every session of that user.
   */
  update: adminProcedure.meta({ changesPublicContent: false }).input(updateUserInput).mutation(async ({ ctx, input }): Promise<User> => {
    const before = ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.id)).get();
    if (!before) throw notFound(ctx, 'userNotFound');
    const isSelf = input.id === ctx.user.id;
    const emailChanges = input.email !== undefined && input.email !== before.email;
    if (isSelf && (input.password || emailChanges)) {
      if (!input.currentPassword) throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordRequired'));
      if (!(await checkPassword(ctx, before.email, before.passwordHash, input.currentPassword)))
        throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordWrong'));
    }
    if (!isSelf && (input.password || emailChanges)) await confirmItIsHer(ctx, input.currentPassword);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const row = ctx.db.transaction((tx) => {
      if (!tx.select({ id: users.id }).from(users).where(eq(users.id, input.id)).get()) throw notFound(ctx, 'userNotFound');
      if (input.email && emailTaken(tx, input.email, input.id)) throw fieldError('email', message(ctx.lang, 'emailTaken'));
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (input.name) changes.name = input.name;
      if (input.email) changes.email = input.email;
      if (passwordHash) changes.passwordHash = passwordHash;
      return tx.update(users).set(changes).where(eq(users.id, input.id)).returning(userColumns).get()!;
    });
    // Whoever knew the old password, or could reset it through the old address, is signed out.
    if (passwordHash || emailChanges) invalidateUserSessions(ctx.db, input.id, isSelf ? ctx.session.id : undefined);
    return row;
  }),

  delete: adminProcedure.meta({ changesPublicContent: false }).input(byIdInput).mutation(({ ctx, input }) => {
    if (input.id === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'cannotDeleteSelf') });
    ctx.db.transaction((tx) => {
      const target = tx.select({ role: users.role }).from(users).where(eq(users.id, input.id)).get();
      if (!target) throw notFound(ctx, 'userNotFound');
      const admins = tx.select({ value: count() }).from(users).where(eq(users.role, 'admin')).get()?.value ?? 0;
      if (target.role === 'admin' && admins <= 1) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'cannotDeleteLastAdmin') });
      tx.delete(users).where(eq(users.id, input.id)).run();
    });
    return { id: input.id };
  }),
});
