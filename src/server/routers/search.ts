import { searchInput } from '../../shared/schemas/search.ts';
import { runSearch, staffAudience } from '../search/run.ts';
import { writerProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export const searchRouter = router({
  /** What the public may see, in the reader's language where the item has one. */
  query: publicProcedure.input(searchInput).query(({ ctx, input }) => runSearch(ctx, input, 'public')),
  /** Editors: everything, drafts and pending stories included, each marked public or not; writers: no stories. */
  admin: writerProcedure.input(searchInput).query(({ ctx, input }) => runSearch(ctx, input, staffAudience(ctx.user.role))),
});
