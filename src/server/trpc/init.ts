import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { fieldErrorsOf, message } from '../../shared/messages.ts';
import type { Context } from './context.ts';
import type { Language } from '../../shared/locale.ts';
import { NotInLanguageError, ThrottledError } from './errors.ts';
import { wireTransformer } from './wire.ts';

/** A plain error naming the form field it belongs to; the formatter turns it into fieldErrors. */
class FieldError extends Error {
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]>) {
    super(Object.values(fields)[0]?.[0] ?? '');
    this.fields = fields;
  }
}

/**
 * What a procedure declares about itself. Every mutation states `changesPublicContent`: true
 * when its success can change what an anonymous reader is sent (a page, a list, a feed), which
 * moves the content version on and so empties the response cache and the list memos; false
 * otherwise; `'when-public'` for editors' saves of items that may be unpublished (drafts,
 * scheduled items, pending stories): the version moves only when the procedure reports
 * (`ctx.publicChange`, src/server/cache/public-change.ts) that an item it changed was public before
 * or after. Declared on the procedure, beside its permission, so neither is a list elsewhere;
 * tests/api/cache-invalidation.test.ts walks the router and refuses a mutation without it.
 */
export interface ProcedureMeta {
  changesPublicContent?: boolean | 'when-public';
  /**
   * false: what the procedure handles was sent by a visitor (a story, a contact message, a
   * subscription), so the activity log records the action and the item's id but never its words
   * (title, name, address): deleting the item, or a retention run, must leave nothing behind.
   */
  auditLabel?: boolean;
  /**
   * true: one of the few things an account may do while the site requires a second factor it has
   * not added yet (its security page: add one, see and end its sessions). Everything else answers
   * FORBIDDEN until it has one.
   */
  secondFactorSetup?: boolean;
  /**
   * true: a public read whose answer is the same whoever asks (a signed-in account is sent exactly
   * what an anonymous reader is). A request asking for such reads alone never looks its session
   * cookie up (http/everyone-alike.ts): no database statement for a session the answer cannot use,
   * so a signed-in editor's list costs what an anonymous reader's costs, and a lock on the sessions
   * table holds no reader of them. tests/api/everyone-alike.test.ts holds each such procedure to it.
   */
  everyoneAlike?: boolean;
}

export const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: wireTransformer,
    errorFormatter({ shape, error, ctx }) {
      const lang = ctx?.lang ?? 'en';
      const { stack: _stack, ...data } = shape.data;
      let fieldErrors: Record<string, string[]> | null = null;
      let text = shape.message;
      if (error.cause instanceof ZodError) {
        fieldErrors = fieldErrorsOf(error.cause.issues, lang);
        text = message(lang, 'invalidInput');
      } else if (error.cause instanceof FieldError) {
        fieldErrors = error.cause.fields;
      } else if (error.cause instanceof NotInLanguageError) {
        return { ...shape, message: text, data: { ...data, fieldErrors, retryAfter: null as number | null, notInLanguage: true } };
      } else if (error.cause instanceof ThrottledError) {
        return { ...shape, message: text, data: { ...data, fieldErrors, retryAfter: error.cause.retryAfterSeconds } };
      } else if (error.code === 'INTERNAL_SERVER_ERROR') {
        text = message(lang, 'serverError');
      }
      return { ...shape, message: text, data: { ...data, fieldErrors, retryAfter: null as number | null } };
    },
  });

export function fieldError(field: string, text: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: text, cause: new FieldError({ [field]: [text] }) });
}

/** Several fields refused at once (every gap named in one answer), in the reader's language. */
export function fieldErrorLists(fields: Record<string, string[]>, lang: Language): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: message(lang, 'invalidInput'), cause: new FieldError(fields) });
}
