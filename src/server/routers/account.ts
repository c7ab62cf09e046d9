import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { message } from '../../shared/messages.ts';
import { endOwnSession, sessionsOf } from '../auth/sessions.ts';
import { router, writerProcedure } from '../trpc/procedures.ts';

/** The signed-in account's own security: where it is signed in, and ending any of those sessions. */
export const accountRouter = router({
  sessions: writerProcedure.query(({ ctx }) => sessionsOf(ctx.db, ctx.user.id, ctx.session.id)),

  /** Ends one of her sessions (a lost phone, a shared computer); this one too, which signs her out here. */
  endSession: writerProcedure
    .meta({ changesPublicContent: false })
    .input(z.object({ handle: z.string().regex(/^[0-9a-f]{32}$/, 'invalidChoice') }))
    .mutation(async ({ ctx, input }) => {
      if (!(await endOwnSession(ctx.db, ctx.user.id, input.handle))) throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, 'sessionNotFound') });
      return { ended: true as const };
    }),
});
