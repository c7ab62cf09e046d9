import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import type { Role } from '../../shared/schemas/users.ts';
import { pastLastPage } from '../../shared/list-pages.ts';
import { publicChangeReport } from '../cache/public-change.ts';
import { tagsOfRead } from '../cache/shared-cache.ts';
import { describeTarget, forgetDeletedItemLabels, recordAudit } from '../security/audit.ts';
import { chargeVisitor, inRequestTurn } from '../security/write-budget.ts';
import { ThrottledError } from './errors.ts';
import { t } from './init.ts';

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every mutation, public ones included, is refused when a session cookie comes without the
 * anti-forgery header. A successful one moves the content version on unless it declares
 * `changesPublicContent: false` (see ProcedureMeta), so no anonymous write empties the cache, or
 * `'when-public'` and reports (ctx.publicChange) that every item it changed was unpublished before
 * and after. One that declares nothing (which a test refuses) errs towards fresh pages over a warm cache.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, type, path, meta, next }) => {
  if (type === 'query') {
    const result = await next();
    // A list page past the last one: answered, but any number of them would each take a cache entry.
    if (result.ok && pastLastPage(result.data) !== null) ctx.keepOutOfCache?.();
    // What the answer contains, named for a cache in front (Cache-Tag, Surrogate-Key).
    if (result.ok && ctx.cacheTags) ctx.cacheTags(tagsOfRead(path, result.data));
    return result;
  }
  if (type !== 'mutation') return next();
  if (!ctx.csrfOk) throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'csrfMismatch') });
  const report = publicChangeReport();
  const result = await next({ ctx: { publicChange: report } });
  if (result.ok && report.movesVersion(meta?.changesPublicContent)) {
    await ctx.cache.contentChanged();
    // One purge per change, queued by this node; every node's purger may send it (decision 038).
    // The change has committed: a purge that cannot be queued is reported loudly, not the change
    // refused (an editor told it failed would save it again); its entries live until s-maxage.
    await ctx.purger.queue(report.changed()).catch((error: unknown) => console.error('A purge of the cache in front could not be queued:', error));
  }
  return result;
});

/** A public read whose answer never depends on who asks (ProcedureMeta.everyoneAlike): a list, an item, the site's links. */
export const everyoneAlikeProcedure = publicProcedure.meta({ everyoneAlike: true });

/** Visitors' writes (contact, story, newsletter): limited per visitor per hour. */
export const publicWriteProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const wait = await inRequestTurn(ctx, () => chargeVisitor(ctx, 'publicWrites'));
  if (wait > 0) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message(ctx.lang, 'tooManyRequests'), cause: new ThrottledError(wait) });
  return next();
});

/**
 * Signed-in accounts of the given roles only (FORBIDDEN, in the reader's language, to any other
 * role); every successful change is written to the activity log.
 */
function signedInAs(allowed: readonly Role[]) {
  return publicProcedure.use(async ({ ctx, type, path, meta, next, getRawInput }) => {
    const signedIn = ctx.user && ctx.session ? { user: ctx.user, session: ctx.session } : meta?.secondFactorSetup ? ctx.restricted : null;
    if (!signedIn && ctx.restricted) throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'secondFactorRequired') });
    if (!signedIn) throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'unauthenticated') });
    const { user } = signedIn;
    if (!allowed.includes(user.role)) throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'notForYourRole') });
    const result = await next({ ctx: signedIn });
    if (type === 'mutation' && result.ok && !path.startsWith('auth.')) {
      // A mutation that takes no input may come without a body (a hand-made call): reading the body
      // then fails, but the change is made and must be logged, and answered as made.
      const { targetId, summary } = describeTarget(await getRawInput().catch(() => undefined), result.data);
      await forgetDeletedItemLabels(ctx.db, path, targetId);
      await recordAudit(ctx.db, { userId: user.id, userEmail: user.email, action: path, targetId, summary: meta?.auditLabel === false ? null : summary });
    }
    return result;
  });
}

/** Every signed-in account: writers, editors and administrators (what a writer may do inside is checked there). */
export const writerProcedure = signedInAs(['admin', 'editor', 'writer']);
/** Editors and administrators: all content, moderation, messages, subscribers, the newsletter. */
export const editorProcedure = signedInAs(['admin', 'editor']);
/** Administrators only: accounts, settings, the activity log, backups. */
export const adminProcedure = signedInAs(['admin']);
