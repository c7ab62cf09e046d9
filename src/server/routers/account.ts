import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { message } from '../../shared/messages.ts';
import { passkeyAnswer, passkeyName, publicNamesInput, totpConfirmInput, totpDisableInput } from '../../shared/schemas/account.ts';
import { factorsOf, removePasskey, removeTotp, replaceRecoveryCodes } from '../auth/factors.ts';
import { registrationOptions, verifyRegistration } from '../auth/passkeys.ts';
import { refreshSecondFactorFlag, secondFactorRequired } from '../auth/second-factor-policy.ts';
import { useTotpCode } from '../auth/second-step.ts';
import { endOwnSession, invalidateUserSessions, sessionsOf } from '../auth/sessions.ts';
import { encodeKey, newTotpKey, totpUri, typedKey } from '../auth/totp.ts';
import { passkeys, recoveryCodes, users } from '../db/schema.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { fieldError } from '../trpc/init.ts';
import type { Context } from '../trpc/context.ts';
import { router, writerProcedure } from '../trpc/procedures.ts';
import { checkPassword } from './password-check.ts';
import enCommon from '../../client/locales/en/common.json' with { type: 'json' };

/** The account's own security page: open to an account the site holds back until it adds a second factor. */
const ownSecurity = writerProcedure.meta({ changesPublicContent: false, secondFactorSetup: true });

type Signed = Context & { user: NonNullable<Context['user']>; session: NonNullable<Context['session']> };

/** Her own password, for changes a stolen session must not make alone. */
async function confirmPassword(ctx: Signed, currentPassword: string): Promise<void> {
  const [me] = await ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!me || !(await checkPassword(ctx, me.email, me.passwordHash, currentPassword)))
    throw fieldError('currentPassword', message(ctx.lang, 'currentPasswordWrong'));
}

/** A factor added or removed: whoever held another session of hers is signed out (this one stays). */
const endOtherSessions = (ctx: Signed) => invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id);

/** A key or passkey removed leaves nothing readable in the database files (db/erase.ts). */
const eraseFactors = (ctx: Signed) => eraseDeleted(ctx.db, tablesNamed([users, recoveryCodes, passkeys]));

export const accountRouter = router({
  sessions: writerProcedure.meta({ secondFactorSetup: true }).query(({ ctx }) => sessionsOf(ctx.db, ctx.user.id, ctx.session.id)),

  /** Ends one of her sessions (a lost phone, a shared computer); this one too, which signs her out here. */
  endSession: ownSecurity.input(z.object({ handle: z.string().regex(/^[0-9a-f]{32}$/, 'invalidChoice') })).mutation(async ({ ctx, input }) => {
    if (!(await endOwnSession(ctx.db, ctx.user.id, input.handle))) throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, 'sessionNotFound') });
    return { ended: true as const };
  }),

  /** The names readers see under her work (bylines), per language. */
  publicNames: writerProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db
      .select({ publicNameEn: users.publicNameEn, publicNameFa: users.publicNameFa })
      .from(users)
      .where(eq(users.id, ctx.user.id))
      .limit(1);
    return row ?? { publicNameEn: null, publicNameFa: null };
  }),

  /** Sets them: every published item under her byline shows the new name at once. */
  setPublicNames: writerProcedure
    .meta({ changesPublicContent: true })
    .input(publicNamesInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) =>
        tx.update(users).set({ publicNameEn: input.publicNameEn, publicNameFa: input.publicNameFa, updatedAt: new Date() }).where(eq(users.id, ctx.user.id)),
      );
      return input;
    }),

  /** Her second factors (names and dates only) and whether the site requires one. */
  security: writerProcedure.meta({ secondFactorSetup: true }).query(async ({ ctx }) => ({
    ...(await factorsOf(ctx.db, ctx.user.id)),
    required: await secondFactorRequired(ctx.db),
  })),

  /**
   * Starts setting up an authenticator app: a new key, shown once as text and as the otpauth:// link
   * the page draws as a QR code itself. It is kept aside until a code from the app confirms it.
   */
  totpStart: ownSecurity.mutation(async ({ ctx }) => {
    const [me] = await ctx.db.select({ totp: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (me?.totp) throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'totpAlreadyOn') });
    const key = newTotpKey();
    await ctx.db.transaction((tx) =>
      tx
        .update(users)
        .set({ totpPendingSecret: encodeKey(key), totpLastStep: null })
        .where(eq(users.id, ctx.user.id)),
    );
    return { secret: typedKey(key).replaceAll(' ', ''), uri: totpUri(enCommon.siteName, ctx.user.email, key) };
  }),

  /** A code from the app turns it on; the answer holds the ten recovery codes, shown this once. */
  totpConfirm: ownSecurity
    .meta({ auditLabel: false })
    .input(totpConfirmInput)
    .mutation(async ({ ctx, input }) => {
      const [me] = await ctx.db.select({ pending: users.totpPendingSecret, totp: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
      if (me?.totp) throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'totpAlreadyOn') });
      if (!me?.pending) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'totpNotStarted') });
      if (!(await useTotpCode(ctx.db, ctx.user.id, input.code, Date.now(), 'totpPendingSecret')))
        throw fieldError('code', message(ctx.lang, 'secondStepCodeWrong'));
      const recoveryCodes = await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: me.pending, totpPendingSecret: null }).where(eq(users.id, ctx.user.id));
        await refreshSecondFactorFlag(tx, ctx.user.id);
        return replaceRecoveryCodes(tx, ctx.user.id);
      });
      await endOtherSessions(ctx);
      return { recoveryCodes };
    }),

  /** New recovery codes in place of the old ones (all of which stop working), with her password. */
  recoveryCodesRenew: ownSecurity
    .meta({ auditLabel: false })
    .input(totpDisableInput)
    .mutation(async ({ ctx, input }) => {
      await confirmPassword(ctx, input.currentPassword);
      const [me] = await ctx.db.select({ totp: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
      if (!me?.totp) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'totpNotOn') });
      return { recoveryCodes: await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, ctx.user.id)) };
    }),

  /** Turns the app off, with her password. */
  totpDisable: ownSecurity.input(totpDisableInput).mutation(async ({ ctx, input }) => {
    await confirmPassword(ctx, input.currentPassword);
    const [me] = await ctx.db.select({ totp: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (!me?.totp) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'totpNotOn') });
    await ctx.db.transaction((tx) => removeTotp(tx, ctx.user.id));
    await endOtherSessions(ctx);
    await eraseFactors(ctx);
    return { off: true as const };
  }),

  /**
   * Asks her browser to make a passkey. Her password first: a session cookie stolen from her must not
   * be enough to give its thief a passkey of his own, which would sign him in without one.
   */
  passkeyOptions: ownSecurity.input(totpDisableInput).mutation(async ({ ctx, input }) => {
    await confirmPassword(ctx, input.currentPassword);
    return registrationOptions(ctx, ctx.user);
  }),

  passkeyAdd: ownSecurity.input(z.object({ name: passkeyName, response: passkeyAnswer(32_768) })).mutation(async ({ ctx, input }) => {
    const credential = await verifyRegistration(ctx, ctx.user.id, input.response as unknown as Parameters<typeof verifyRegistration>[2]);
    if (!credential) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'passkeyFailed') });
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(passkeys)
        .values({ ...credential, userId: ctx.user.id, name: input.name, createdAt: new Date() })
        .onConflictDoNothing();
      await refreshSecondFactorFlag(tx, ctx.user.id);
    });
    await endOtherSessions(ctx);
    return { id: credential.id, name: input.name };
  }),

  passkeyRename: ownSecurity.input(z.object({ id: z.string().max(1024), name: passkeyName })).mutation(async ({ ctx, input }) => {
    const renamed = await ctx.db.transaction((tx) =>
      tx
        .update(passkeys)
        .set({ name: input.name })
        .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, ctx.user.id)))
        .returning({ id: passkeys.id }),
    );
    // Another account's key is neither renamed nor told apart from a missing one.
    if (!renamed.length) throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, 'passkeyNotFound') });
    return { id: input.id, name: input.name };
  }),

  passkeyRemove: ownSecurity.input(z.object({ id: z.string().max(1024) })).mutation(async ({ ctx, input }) => {
    if (!(await ctx.db.transaction((tx) => removePasskey(tx, ctx.user.id, input.id))))
      throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, 'passkeyNotFound') });
    await endOtherSessions(ctx);
    return { id: input.id };
  }),
});
