import type { Env } from '../env.ts';
import { MemoryKeptSearches, type KeptSearchStore } from './kept-searches.ts';
import { InFlightLimit, WindowBudget } from './budget.ts';
import { SHARED_ADDRESS_FACTOR } from './write-budget.ts';
import { SHARED_READERS_FACTOR, WorkBudget, type WorkBudgetStore } from './work-budget.ts';
import { LoginThrottle, RateLimiter, type LoginReservation } from './throttle.ts';

/** A value, or a promise of it: the in-memory stores answer at once, the shared ones after a query. */
export type Awaitable<T> = T | Promise<T>;

/**
 * The process state that guards the site, behind small interfaces. A node (src/server/node.ts)
 * builds one set and passes it to every handler through the dependencies: the in-memory stores
 * below on SQLite (one process), the database's on PostgreSQL, where several nodes share the
 * counts and the setup token (guards-postgres.ts, decision 026). The visitor-work budgets and the
 * searches running stay per node there too: they measure and bound one node's own threads.
 */
export interface Guards {
  loginThrottle: LoginThrottleStore;
  /** Contact messages, stories and subscriptions, per visitor per hour. */
  publicWrites: RateLimitStore;
  /** File uploads, per visitor per hour. */
  uploads: RateLimitStore;
  /** Searches, per visitor per minute and per hour; a refused search spends nothing (security/budget.ts). */
  searches: RateLimitStore;
  /** Searches running, per visitor: one at a time. */
  searchesRunning: ConcurrencyStore;
  /** All budgeted writes, uploads and searches from one shared address (security/write-budget.ts). */
  sharedAddress: {
    publicWrites: RateLimitStore;
    uploads: RateLimitStore;
    searches: RateLimitStore;
    /**
     * First searches from a shared address, before each visitor holds a budget cookie of her own:
     * one at a time, the others waiting their turn in a short line rather than turned away.
     */
    searchesRunning: QueuedConcurrencyStore;
  };
  setupToken: SetupTokenStore;
  /** The server's time, per visitor and for everyone behind one shared address (http/visitor-work.ts). */
  visitorWork: { perClient: WorkBudgetStore; sharedAddress: WorkBudgetStore };
  /** Searches kept a few minutes under opaque tokens, sealed (security/kept-searches.ts). */
  keptSearches: KeptSearchStore;
}

/** A counter per key over a fixed window. */
export interface RateLimitStore {
  /** Counts a hit for `key`; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, now?: number): Awaitable<number>;
}

/** Work a key may have running at once. */
export interface ConcurrencyStore {
  /** A release function when `key` has room (call it when the work ends), else null. */
  enter(key: string): (() => void) | null;
}

/** The same, with a short line of callers waiting for a turn. */
export interface QueuedConcurrencyStore extends ConcurrencyStore {
  /**
   * A release function now or once a turn comes; null when the line is full, the wait too long, or
   * the caller left the line (`gone` is given the function that takes her out).
   */
  enterInTurn(key: string, queue: number, maxWaitMs: number, gone?: (leave: () => void) => void): Promise<(() => void) | null>;
}

/** Growing delays after failed password checks, per address, per account and per pair. */
export interface LoginThrottleStore {
  /** Checks the delays and reserves the attempt (counted as failed until it succeeds). */
  begin(ip: string | null, account: string, now?: number): Awaitable<LoginReservation>;
}

/** The hash of the one-time first-run setup token, while the site has no administrator. */
export interface SetupTokenStore {
  arm(tokenHash: string): Awaitable<void>;
  isArmed(): Awaitable<boolean>;
  /**
   * When `tokenHash` is an armed one, disarms every token and answers true, in one step: of two
   * administrators created at once (on two nodes, say) only one gets through. Never true once disarmed.
   */
  take(tokenHash: string): Awaitable<boolean>;
  disarm(): Awaitable<void>;
}

class MemorySetupToken implements SetupTokenStore {
  private hash: string | null = null;
  arm(tokenHash: string) {
    this.hash = tokenHash;
  }
  isArmed() {
    return this.hash !== null;
  }
  take(tokenHash: string) {
    if (this.hash === null || tokenHash !== this.hash) return false;
    this.hash = null;
    return true;
  }
  disarm() {
    this.hash = null;
  }
}

/** An hourly search budget, of which at most a tenth may be spent in one minute. */
export const searchWindows = (perHour: number) => [
  { limit: perHour && Math.max(1, Math.ceil(perHour / 10)), ms: 60_000 },
  { limit: perHour, ms: 3_600_000 },
];
const searchBudget = (perHour: number) => new WindowBudget(searchWindows(perHour));

/**
 * A visitor may save up ten seconds' worth of the server's time (a second at the default: a reader
 * opening ten pages no cache holds at once); everyone behind a shared address (an onion service)
 * shares three visitors' worth, since one of them cannot be told from many. A larger burst would let
 * a flood take the whole thread for that long before its budget ran out.
 */
function visitorWorkBudgets(msPerSecond: number) {
  const rate = (factor: number) => new WorkBudget({ msPerSecond: msPerSecond * factor, burstMs: msPerSecond * factor * 10 });
  return { perClient: rate(1), sharedAddress: rate(SHARED_READERS_FACTOR) };
}

/** One process's guards, all in memory: a restart forgets them (decision 005). */
export function createMemoryGuards(env: Env): Guards {
  return {
    loginThrottle: new LoginThrottle(),
    publicWrites: new RateLimiter(env.RATE_LIMIT_PUBLIC_WRITES, 3_600_000),
    uploads: new RateLimiter(env.RATE_LIMIT_UPLOADS, 3_600_000),
    sharedAddress: {
      publicWrites: new RateLimiter(env.RATE_LIMIT_PUBLIC_WRITES * SHARED_ADDRESS_FACTOR, 3_600_000),
      uploads: new RateLimiter(env.RATE_LIMIT_UPLOADS * SHARED_ADDRESS_FACTOR, 3_600_000),
      searches: searchBudget(env.RATE_LIMIT_SEARCHES * SHARED_ADDRESS_FACTOR),
      searchesRunning: new InFlightLimit(1),
    },
    searches: searchBudget(env.RATE_LIMIT_SEARCHES),
    searchesRunning: new InFlightLimit(1),
    setupToken: new MemorySetupToken(),
    visitorWork: visitorWorkBudgets(env.VISITOR_WORK_MS_PER_SECOND),
    keptSearches: new MemoryKeptSearches(),
  };
}
