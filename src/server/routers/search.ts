import { searchInput } from '../../shared/schemas/search.ts';
import { runSearch } from '../search/run.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export const searchRouter = router({
  /** What the public may see, in the reader's language where the item has one. */
  query: publicProcedure.input(searchInput).query(({ ctx, input }) => runSearch(ctx, input, 'public')),
  /** Editors: everything, drafts and pending stories included, each marked public or not. */
  admin: adminProcedure.input(searchInput).query(({ ctx, input }) => runSearch(ctx, input, 'editor')),
});
