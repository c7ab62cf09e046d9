import type { ConcurrencyStore, RateLimitStore } from './guards.ts';
import { MAX_ENTRIES, opaqueKey, trimTo } from './throttle.ts';

export interface BudgetWindow {
  /** Requests allowed per window; 0 turns the window off. */
  limit: number;
  ms: number;
}

/**
 * A visitor's budget of costly reads over several fixed windows at once (a minute for bursts, an
 * hour for the rest). A request is counted only when every window has room: a refused one spends
 * nothing, so a flood that the minute refuses cannot use up the hour as well, and the visitor is
 * back as soon as the window that refused her ends. Keys are keyed hashes, as in throttle.ts.
 */
export class WindowBudget implements RateLimitStore {
  private readonly windows: readonly BudgetWindow[];
  /** Per key, the start and count of each window, in the order of `windows`. */
  private readonly spent = new Map<string, { start: number; used: number }[]>();

  constructor(windows: readonly BudgetWindow[]) {
    this.windows = windows.filter((window) => window.limit > 0);
  }

  /** Visitors currently kept: bounded, whatever arrives. */
  get size(): number {
    return this.spent.size;
  }

  hit(value: string, now = Date.now()): number {
    if (!this.windows.length) return 0;
    const key = opaqueKey('budget', value);
    const counts = this.spent.get(key) ?? this.windows.map(() => ({ start: now, used: 0 }));
    let wait = 0;
    for (const [index, window] of this.windows.entries()) {
      const count = counts[index]!;
      if (now - count.start >= window.ms) Object.assign(count, { start: now, used: 0 });
      if (count.used >= window.limit) wait = Math.max(wait, Math.ceil((count.start + window.ms - now) / 1000));
    }
    if (wait > 0) return wait;
    for (const count of counts) count.used += 1;
    // Re-inserted, so the map's order is least recently counted first.
    this.spent.delete(key);
    if (this.spent.size >= MAX_ENTRIES) trimTo(this.spent, Math.floor(MAX_ENTRIES * 0.9));
    this.spent.set(key, counts);
    return 0;
  }
}

/**
 * Work one key may have running at once (one search per visitor): entries exist only while work
 * runs. `enterInTurn` may also wait for a turn, in a short queue per key, which a caller who has
 * gone leaves at once.
 */
export class InFlightLimit implements ConcurrencyStore {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly perKey: number;

  constructor(perKey: number) {
    this.perKey = perKey;
  }

  get size(): number {
    return this.running.size;
  }

  enter(value: string): (() => void) | null {
    return this.enterKey(opaqueKey('running', value));
  }

  /**
   * A turn now, or once the work ahead of it ends: at most `queue` callers wait per key, each at
   * most `maxWaitMs` (then null, as for one the queue had no room for).
   */
  enterInTurn(value: string, queue: number, maxWaitMs: number, gone?: (leave: () => void) => void): Promise<(() => void) | null> {
    const key = opaqueKey('running', value);
    const now = this.enterKey(key);
    if (now) return Promise.resolve(now);
    const line = this.waiting.get(key) ?? [];
    if (line.length >= queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(this.enterKey(key));
      };
      // Out of the line, refused: when the wait is over, or when the caller has gone.
      const leave = () => {
        const index = line.indexOf(turn);
        if (index < 0) return;
        clearTimeout(timer);
        line.splice(index, 1);
        if (!line.length && this.waiting.get(key) === line) this.waiting.delete(key);
        resolve(null);
      };
      const timer = setTimeout(leave, maxWaitMs);
      line.push(turn);
      this.waiting.set(key, line);
      gone?.(leave);
    });
  }

  private enterKey(key: string): (() => void) | null {
    const count = this.running.get(key) ?? 0;
    if (count >= this.perKey) return null;
    this.running.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
      // The next in line takes the turn just freed.
      const line = this.waiting.get(key);
      const next = line?.shift();
      if (line && !line.length) this.waiting.delete(key);
      next?.();
    };
  }
}
