import type { Context } from '../trpc/context.ts';
import { chargeVisitor, visitorKey } from '../security/write-budget.ts';

export type SearchCaller = Pick<Context, 'guards' | 'clientIp' | 'writeBudget' | 'cookies' | 'user'>;

/** Either the search may run (release when it ends), or why not and for how long. */
export type Admission = { release: () => void; refused?: undefined } | { refused: 'oneAtATime' | 'tooMany'; wait: number };

/**
 * Whether a search may run now, decided before it costs anything: one search at a time per
 * visitor (an editor counts as one person), then the visitor's budget. A refusal changes nothing:
 * a search refused for running alongside another spends no budget, one refused by the budget
 * spends none either (security/budget.ts), and neither gives a budget cookie. Editors' searches
 * are not budgeted; direct calls (no address: tools, tests) are not limited at all.
 */
export function admitSearch(ctx: SearchCaller): Admission {
  const key = ctx.user ? `editor:${ctx.user.id}` : visitorKey(ctx);
  if (key === null) return { release: () => undefined };
  const release = ctx.guards.searchesRunning.enter(key);
  if (!release) return { refused: 'oneAtATime', wait: 1 };
  if (ctx.user) return { release };
  const wait = chargeVisitor(ctx, 'searches');
  if (wait > 0) {
    release();
    return { refused: 'tooMany', wait };
  }
  return { release };
}
