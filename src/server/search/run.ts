import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import type { SearchInput, SearchType } from '../../shared/schemas/search.ts';
import type { Role } from '../../shared/schemas/users.ts';
import type { Context } from '../trpc/context.ts';
import { ThrottledError } from '../trpc/errors.ts';
import { clockOf } from '../publication/clock.ts';
import { admitSearch, type SearchCaller } from './admission.ts';
import { emptyPage, SearchTimeoutError, type Audience, type SearchPage } from './engine.ts';
import { compileQuery } from './match.ts';
import { SearchBusyError, SearchFailedError } from './workers/pool.ts';

export type SearchContext = SearchCaller & Pick<Context, 'lang' | 'clock' | 'searchWorkers'>;

/** A search's failure as the visitor is told it, in her language; only an error code reaches the log. */
function refusal(ctx: Pick<Context, 'lang'>, error: unknown): TRPCError {
  if (error instanceof SearchBusyError) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: message(ctx.lang, 'searchBusy'), cause: new ThrottledError(error.retryAfterSeconds) });
  }
  if (error instanceof SearchTimeoutError) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: message(ctx.lang, 'searchTooSlow') });
  const code = error instanceof SearchFailedError ? error.code : (error as { code?: unknown }).code;
  console.error(`search failed${typeof code === 'string' ? ` (${code})` : ''}`);
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: message(ctx.lang, 'serverError') });
}

/**
 * A search, from any way in (tRPC, REST, the pages, the admin lists). A query with no word costs
 * nothing and is answered at once; any other is admitted first (one at a time per visitor, within
 * her budget: admission.ts), then run on a search thread (workers/), never on the request thread.
 *
 * Queries are never stored or logged: they are not mutations (so never audited), the response
 * cache skips them (src/server/cache/http.ts), and a failure is reported without its cause,
 * whose message could quote the query into the server's log.
 */
export async function runSearch(ctx: SearchContext, input: SearchInput, audience: Audience): Promise<SearchPage> {
  if (!compileQuery(input.q)) return emptyPage(input);
  const admission = await admitSearch(ctx);
  if (admission.refused) {
    const key = admission.refused === 'tooMany' ? 'searchTooMany' : 'searchOneAtATime';
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message(ctx.lang, key), cause: new ThrottledError(admission.wait) });
  }
  try {
    // The site's clock, as scheduled publishing uses, ages results for the recency preference.
    return await ctx.searchWorkers.run({ input, language: ctx.lang, audience, now: clockOf(ctx).now().getTime() });
  } catch (error) {
    throw refusal(ctx, error);
  } finally {
    admission.release();
  }
}

/** What an account finds: writers never a visitor's story; without one, what the public finds. */
export function staffAudience(role: Role | undefined): Audience {
  if (role === 'editor' || role === 'admin') return 'editor';
  return role === 'writer' ? 'writer' : 'public';
}

/**
 * An admin list narrowed by its search box: the ids of one page of the items of one kind matching
 * `q`, best first, whatever their status, and how many match. Null without a query (the list as
 * usual). The list then reads its own rows by these ids, so a result looks exactly like the list.
 */
export async function searchedPage(
  ctx: SearchContext & Pick<Context, 'user'>,
  type: SearchType,
  input: { q?: string; page: number; pageSize: number },
  audience: Audience = staffAudience(ctx.user?.role),
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
