import type { Context } from '../trpc/context.ts';
import { SEARCH_TIME_LIMIT_MS } from './workers/pool.ts';
import { chargeVisitor, inRequestTurn, isSharedAddress, SHARED_ADDRESS_FACTOR, visitorKey } from '../security/write-budget.ts';

/**
 * How long a first search from a shared address waits for its turn, when its request is nothing
 * but searches. The search ahead of it may take more than its time limit: the pool's limit starts
 * once a thread is ready, and starting one (after a quiet minute: workers/pool.ts) takes seconds on
 * a busy small server. A reader behind Tor would rather wait than be refused; such a request holds
 * no place of the work gate (http/visitor-work.ts) and no thread while it waits, the line is at most
 * SHARED_ADDRESS_FACTOR long, and a reader who leaves leaves the line.
 */
const SHARED_ADDRESS_WAIT_MS = SEARCH_TIME_LIMIT_MS * 5;
/**
 * The wait of a search whose request holds a place of the work gate while it waits (a gallery list
 * narrowed by its search box, a batch with other calls): about one search's time limit, so a line
 * of them cannot keep the site's uncached answers waiting for long.
 */
const GATED_WAIT_MS = SEARCH_TIME_LIMIT_MS;

export type SearchCaller = Pick<Context, 'guards' | 'keys' | 'clientIp' | 'writeBudget' | 'cookies' | 'user' | 'searchTurn'>;

/** Either the search may run (release when it ends), or why not and for how long. */
export type Admission = { release: () => void; refused?: undefined } | { refused: 'oneAtATime' | 'tooMany'; wait: number };

/**
 * Whether a search may run now, decided before it costs anything: one search at a time per
 * visitor (an editor counts as one person), then the visitor's budget. A refusal changes nothing:
 * a search refused for running alongside another spends no budget, one refused by the budget
 * spends none either (security/budget.ts), and neither gives a budget cookie. Editors' searches
 * are not budgeted; direct calls (no address: tools, tests) are not limited at all.
 *
 * Behind a shared address (an onion service) every visitor without a budget cookie yet has the
 * same key, the address: there a search waits its turn behind the one running, in a line of at most
 * SHARED_ADDRESS_FACTOR for at most SHARED_ADDRESS_WAIT_MS (GATED_WAIT_MS if its request holds a
 * place of the work gate), so one Tor reader's first search does
 * not turn away every other's and the address still runs one search at a time.
 */
export function admitSearch(ctx: SearchCaller): Promise<Admission> {
  // A batch's searches are admitted in turn: the first may give the budget the others count on.
  return inRequestTurn(ctx, () => admit(ctx));
}

async function admit(ctx: SearchCaller): Promise<Admission> {
  const key = ctx.user ? `editor:${ctx.user.id}` : visitorKey(ctx);
  if (key === null) return { release: () => undefined };
  const firstFromSharedAddress = !ctx.user && key === ctx.clientIp && isSharedAddress(key);
  const release = firstFromSharedAddress
    ? await ctx.guards.sharedAddress.searchesRunning.enterInTurn(
        key,
        SHARED_ADDRESS_FACTOR,
        ctx.searchTurn?.alone() ? SHARED_ADDRESS_WAIT_MS : GATED_WAIT_MS,
        ctx.searchTurn?.gone,
      )
    : ctx.guards.searchesRunning.enter(key);
  if (!release) return { refused: 'oneAtATime', wait: 1 };
  if (ctx.user) return { release };
  let wait: number;
  try {
    wait = await chargeVisitor(ctx, 'searches');
  } catch (error) {
    // A shared store that failed (the database away) must not keep the visitor's turn taken.
    release();
    throw error;
  }
  if (wait > 0) {
    release();
    return { refused: 'tooMany', wait };
  }
  return { release };
}
