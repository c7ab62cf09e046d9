import type { TRPCRequestInfo } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { passwordCheckingProcedures } from '../../shared/trpc-calls.ts';
import type { Language } from '../../shared/locale.ts';

const passwordChecks = new Set(passwordCheckingProcedures);

/**
 * A procedure that checks a typed password must come in a request of its own, not in a batch (the
 * site's client sends them so): one request is at most one guess, and a batch of a thousand
 * sign-ins is refused whole, before anything is checked.
 */
export function refuseBatchedPasswordChecks(info: TRPCRequestInfo, lang: Language): void {
  if ((info.isBatchCall || info.calls.length > 1) && info.calls.some((call) => passwordChecks.has(call.path))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: message(lang, 'signInAlone') });
  }
}
