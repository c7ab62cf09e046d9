import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { t } from './init.ts';

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every mutation, public ones included, is refused when a session cookie comes without the anti-forgery header. */
export const publicProcedure = t.procedure.use(({ ctx, type, next }) => {
  if (type === 'mutation' && !ctx.csrfOk) throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'csrfMismatch') });
  return next();
});

export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session || ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'unauthenticated') });
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});
