import type { TRPCRequestInfo } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import type { Language } from '../../shared/locale.ts';

/**
 * Procedures that check a password typed by the caller. Each must come in a request of its own
 * (a batch of one is what the client sends), so one request is at most one guess: a batch of a
 * thousand sign-ins is refused whole, before anything is checked.
 */
const passwordChecks = new Set(['auth.login']);

export function refuseBatchedPasswordChecks(info: TRPCRequestInfo, lang: Language): void {
  if (info.calls.length > 1 && info.calls.some((call) => passwordChecks.has(call.path))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: message(lang, 'signInAlone') });
  }
}
