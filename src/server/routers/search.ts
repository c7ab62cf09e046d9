import { searchInput } from '../../shared/schemas/search.ts';
import { search } from '../search/engine.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';

/**
 * Search. Queries are never stored or logged: they are not mutations (so never audited), the
 * response cache skips them (src/server/http/conditional.ts) and nothing here writes them down.
 */
export const searchRouter = router({
  /** What the public may see, in the reader's language where the item has one. */
  query: publicProcedure.input(searchInput).query(({ ctx, input }) => search(ctx.db, input, ctx.lang, 'public')),
  /** Editors: everything, drafts and pending stories included, each marked public or not. */
  admin: adminProcedure.input(searchInput).query(({ ctx, input }) => search(ctx.db, input, ctx.lang, 'editor')),
});
