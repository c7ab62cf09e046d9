import { createHmac, randomBytes } from 'node:crypto';

/** Keys are keyed hashes: the process never holds a visitor's raw IP address in these tables. */
const secret = randomBytes(32);
export function opaqueKey(kind: string, value: string): string {
  return `${kind}:${createHmac('sha256', secret).update(value).digest('base64url').slice(0, 22)}`;
}

/** The most entries a throttle table keeps: a few megabytes. */
export const MAX_ENTRIES = 50_000;

/** Drops the first-inserted entries of a map (its oldest, where entries are re-inserted on use) until it holds `size`. */
export function trimTo(map: Map<string, unknown>, size: number): void {
  let drop = map.size - size;
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
}

/** Past `max` entries, drops the oldest tenth, so the next trim is a tenth of `max` new entries away. */
function trimOldest(map: Map<string, unknown>, max: number): void {
  if (map.size >= max) trimTo(map, Math.floor(max * 0.9));
}

/** A turn not taken within this long after it came is forgotten; the address then queues again. */
export const TURN_KEPT_MS = 5 * 60_000;

/**
 * Password checks allowed at the same time from one address, and for one account from anywhere.
 * A check takes a tenth of a second, so a person never meets these; a script sending a burst does.
 */
export const CONCURRENT_CHECKS = { perAddress: 2, perAccount: 4 } as const;

/** A password check that has been counted as a failure before it runs; settle it with one of these. */
export interface LoginAttempt {
  /** The password was right: clears the counts (see `succeed`). A shared throttle answers once written. */
  succeeded(): void | Promise<void>;
  /** The password was wrong: the failure counted in advance stays. */
  failed(): void | Promise<void>;
}

/** Either the seconds to wait, or a reserved attempt that may check the password now. */
export type LoginReservation = { wait: number; attempt?: undefined } | { wait: 0; attempt: LoginAttempt };

export interface Failures {
  count: number;
  last: number;
}

interface Rule {
  /** Failures allowed before any delay. */
  free: number;
  /** Longest delay, in seconds. */
  capSeconds: number;
}

export type LoginRule = 'ip' | 'pair' | 'account';

export const LOGIN_RULES: Record<LoginRule, Rule> = {
  ip: { free: 10, capSeconds: 15 * 60 },
  pair: { free: 5, capSeconds: 15 * 60 },
  account: { free: 20, capSeconds: 60 },
};

/** How long a failure counts: a day. */
export const FAILURE_KEPT_MS = 24 * 3_600_000;

function delaySeconds(rule: Rule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(2 ** (count - rule.free), rule.capSeconds);
}

/** What the login rules know of one attempt: each rule's failures, and the pair's turn. */
export interface LoginState {
  failures: Partial<Record<LoginRule, Failures>>;
  turn?: number;
  /** Whether the attempt comes from a known address (pair and turn rules apply). */
  hasIp: boolean;
}

/**
 * The wait before an attempt may be checked, and whether a zero wait comes from the address's turn
 * past the per-account delay (see LoginThrottle). `turn` is set when the address is given a turn
 * now: the caller keeps it. Pure, so the in-memory and the shared throttle follow one set of rules.
 */
export function loginWait(state: LoginState, now: number): { wait: number; byTurn: boolean; turn?: number } {
  let wait = 0;
  let accountWait = 0;
  for (const rule of Object.keys(LOGIN_RULES) as LoginRule[]) {
    const entry = state.failures[rule];
    if (!entry) continue;
    const remaining = Math.ceil((delaySeconds(LOGIN_RULES[rule], entry.count) * 1000 - (now - entry.last)) / 1000);
    if (rule === 'account') accountWait = Math.max(0, remaining);
    else wait = Math.max(wait, remaining);
  }
  if (accountWait > 0 && state.hasIp && (state.failures.pair?.count ?? 0) < LOGIN_RULES.pair.free) {
    const turn = state.turn;
    if (turn === undefined || now - turn > TURN_KEPT_MS) return { wait: Math.max(wait, accountWait), byTurn: false, turn: now + accountWait * 1000 };
    accountWait = Math.max(0, Math.ceil((turn - now) / 1000));
    return { wait: Math.max(wait, accountWait), byTurn: accountWait === 0 };
  }
  return { wait: Math.max(wait, accountWait), byTurn: false };
}

/**
 * Growing delays after failed logins (1 s, 2 s, 4 s ... up to a cap), counted per IP, per
 * account-and-IP pair, and per account across all IPs. The per-account rule has a low cap (a
 * minute), so an attacker guessing from many places slows guessing down but can never lock the
 * real editor out for longer than that; a success from an IP clears that IP's counts.
 *
 * The cap alone would not keep that promise: an attacker who keeps trying gets the first check
 * each time the minute runs out, and every failure starts a new minute. So an address the
 * per-account rule holds back gets a turn: when it comes back after the wait it was told, that
 * rule lets it through even if others failed meanwhile. Only addresses that have not failed
 * against the account five times get turns, so an attacker gains a few guesses per address at most.
 */
export class LoginThrottle {
  private readonly table = new Map<string, Failures>();
  /** Per account-and-IP pair: when the per-account rule lets that address try, whatever others did since. */
  private readonly turns = new Map<string, number>();
  /** When the tables were last walked for old entries. */
  private swept = 0;

  /** Password checks under way, per address and per account (keyed like the table). */
  private readonly inFlight = new Map<string, number>();

  /**
   * Checks the delays and reserves the attempt in one synchronous step: the attempt is counted as a
   * failure before the (slow) password check starts, so simultaneous attempts, in parallel requests
   * or in one batch, each see the ones before them. At most a few checks run at once per address
   * and per account; an attempt over that answers "wait a second" and is not counted.
   */
  begin(ip: string | null, account: string, now = Date.now()): LoginReservation {
    const running = [opaqueKey('acct', account), ...(ip ? [opaqueKey('ip', ip)] : [])];
    const [accountRunning = 0, addressRunning = 0] = running.map((key) => this.inFlight.get(key) ?? 0);
    if (addressRunning >= CONCURRENT_CHECKS.perAddress) return { wait: 1 };
    const { wait, byTurn } = this.check(ip, account, now);
    if (wait > 0) return { wait };
    // An address taking its turn is checked however many others are: the turn is what keeps the
    // real editor from being locked out (see the class comment), and turns already pace the rest.
    if (accountRunning >= CONCURRENT_CHECKS.perAccount && !byTurn) return { wait: 1 };
    this.fail(ip, account, now);
    for (const key of running) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    let settled = false;
    const settle = (success: boolean) => {
      if (settled) return;
      settled = true;
      for (const key of running) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
      if (success) this.succeed(ip, account);
    };
    return { wait: 0, attempt: { succeeded: () => settle(true), failed: () => settle(false) } };
  }

  private keys(ip: string | null, account: string) {
    const keys: { rule: LoginRule; key: string }[] = [{ rule: 'account', key: opaqueKey('acct', account) }];
    if (ip) keys.push({ rule: 'ip', key: opaqueKey('ip', ip) }, { rule: 'pair', key: opaqueKey('pair', `${ip}|${account}`) });
    return keys;
  }

  /**
   * Seconds to wait before this attempt may be checked; 0 when it may go ahead. An address held
   * back by the per-account rule is given its turn here (see the class comment).
   */
  retryAfter(ip: string | null, account: string, now = Date.now()): number {
    return this.check(ip, account, now).wait;
  }

  /** The wait, and whether a zero wait comes from this address's turn past the per-account delay. */
  private check(ip: string | null, account: string, now: number): { wait: number; byTurn: boolean } {
    const failures = Object.fromEntries(this.keys(ip, account).map(({ rule, key }) => [rule, this.table.get(key)]));
    const pair = opaqueKey('pair', `${ip}|${account}`);
    const decided = loginWait({ failures, turn: ip ? this.turns.get(pair) : undefined, hasIp: ip !== null }, now);
    if (decided.turn !== undefined) this.turns.set(pair, decided.turn);
    return decided;
  }

  fail(ip: string | null, account: string, now = Date.now()): void {
    this.sweep(now);
    for (const { key } of this.keys(ip, account)) {
      const entry = this.table.get(key);
      // Re-inserted, so the table's order is least recently failed first (see sweep).
      this.table.delete(key);
      this.table.set(key, { count: (entry?.count ?? 0) + 1, last: now });
    }
    if (ip) this.turns.delete(opaqueKey('pair', `${ip}|${account}`));
  }

  succeed(ip: string | null, account: string): void {
    for (const { rule, key } of this.keys(ip, account)) if (rule !== 'account' || !ip) this.table.delete(key);
    // The account-wide count is cleared too: the real owner just proved who they are.
    this.table.delete(opaqueKey('acct', account));
    if (ip) this.turns.delete(opaqueKey('pair', `${ip}|${account}`));
  }

  /** Entries currently kept (counts and turns): bounded, whatever is tried. */
  get size(): number {
    return this.table.size + this.turns.size;
  }

  /**
   * Forgets entries a day old and unused turns. Guesses from a great many addresses (an IPv6
   * range) within a day would still grow the tables, so past `MAX_ENTRIES` the least recently
   * failed tenth goes too: an account or address under attack right now keeps its count.
   */
  private sweep(now: number): void {
    // A walk over the tables at most once a minute: walking them on every failure would make a
    // flood of guesses cost the server more than the guesser.
    if (now - this.swept >= 60_000 && (this.turns.size >= 10_000 || this.table.size >= 10_000)) {
      this.swept = now;
      for (const [key, turn] of this.turns) if (now - turn > TURN_KEPT_MS) this.turns.delete(key);
      for (const [key, entry] of this.table) if (now - entry.last > FAILURE_KEPT_MS) this.table.delete(key);
    }
    trimOldest(this.turns, MAX_ENTRIES);
    trimOldest(this.table, MAX_ENTRIES);
  }
}

/** A fixed-window counter per key: at most `limit` hits per `windowMs`. A limit of 0 disables it. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();
  readonly limit: number;
  readonly windowMs: number;
  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Windows currently kept: bounded, whatever is tried. */
  get size(): number {
    return this.windows.size;
  }

  /** Counts a hit; returns seconds to wait when over the limit, else 0. */
  hit(value: string, now = Date.now()): number {
    if (this.limit <= 0) return 0;
    const key = opaqueKey('rl', value);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size >= MAX_ENTRIES) {
        // Ended windows first; then the oldest, so a flood of new keys cannot reset every visitor's
        // count at once. Either frees a tenth or more, so the walk is rare.
        for (const [other, open] of this.windows) if (now - open.start >= this.windowMs) this.windows.delete(other);
        trimTo(this.windows, Math.floor(MAX_ENTRIES * 0.9));
      }
      this.windows.delete(key);
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return window.hits > this.limit ? Math.ceil((window.start + this.windowMs - now) / 1000) : 0;
  }
}
