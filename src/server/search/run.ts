import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import type { Context } from '../trpc/context.ts';
import { clockOf } from '../publication/clock.ts';
import { search, type Audience, type SearchPage } from './engine.ts';

/**
 * Queries are never stored or logged: they are not mutations (so never audited), the response
 * cache skips them (src/server/cache/http.ts), and a failure is reported without its cause,
 * whose message could quote the query into the server's log.
 */
export async function runSearch(ctx: Pick<Context, 'db' | 'lang' | 'clock'>, input: SearchInput, audience: Audience): Promise<SearchPage> {
  try {
    // The site's clock, as scheduled publishing uses, ages results for the recency preference.
    return await search(ctx.db, input, ctx.lang, audience, clockOf(ctx).now().getTime());
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    console.error(`search failed${typeof code === 'string' ? ` (${code})` : ''}`);
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: message(ctx.lang, 'serverError') });
  }
}

/**
 * An admin list narrowed by its search box: the ids of one page of the items of one kind matching
 * `q`, best first, whatever their status, and how many match. Null without a query (the list as
 * usual). The list then reads its own rows by these ids, so a result looks exactly like the list.
 */
export async function searchedPage(
  ctx: Pick<Context, 'db' | 'lang' | 'clock'>,
  type: SearchType,
  input: { q?: string; page: number; pageSize: number },
  audience: Audience = 'editor',
): Promise<{ ids: number[]; total: number } | null> {
  if (!input.q) return null;
  const found = await runSearch(ctx, { q: input.q, type, page: input.page, pageSize: input.pageSize }, audience);
  return { ids: found.items.map((hit) => hit.id), total: found.total };
}

/** Rows read by id come back in the table's order; a search page keeps the order of its ids. */
export function inOrderOf<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}
