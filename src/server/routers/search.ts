import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { searchInput, type SearchInput } from '../../shared/schemas/search.ts';
import { search, type Audience } from '../search/engine.ts';
import type { Context } from '../trpc/context.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';

/**
 * Queries are never stored or logged: they are not mutations (so never audited), the response
 * cache skips them (src/server/http/conditional.ts), and a failure is reported without its cause,
 * whose message could quote the query into the server's log.
 */
function run(ctx: Context, input: SearchInput, audience: Audience) {
  try {
    return search(ctx.db, input, ctx.lang, audience);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    console.error(`search failed${typeof code === 'string' ? ` (${code})` : ''}`);
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: message(ctx.lang, 'serverError') });
  }
}

export const searchRouter = router({
  /** What the public may see, in the reader's language where the item has one. */
  query: publicProcedure.input(searchInput).query(({ ctx, input }) => run(ctx, input, 'public')),
  /** Editors: everything, drafts and pending stories included, each marked public or not. */
  admin: adminProcedure.input(searchInput).query(({ ctx, input }) => run(ctx, input, 'editor')),
});
