import { MAX_ENTRIES, opaqueKey, trimTo } from './throttle.ts';

/**
 * Time a client may spend on work no cache answers (a page render, a list read from the
 * database): a token bucket in milliseconds per key, refilled at a steady rate up to a burst.
 * Work may start while the bucket holds anything; its real cost is charged when it ends, so the
 * bucket can go into debt, and the debt is what the next request waits out.
 */
export interface WorkBudgetStore {
  /** False when the budget is turned off: then no one waits for it, not even for her turn. */
  readonly enabled: boolean;
  /** Milliseconds before `key` may start more work: 0 when it may start now. */
  waitFor(key: string, now?: number): number;
  /** Charges `ms` of work done for `key`. */
  charge(key: string, ms: number, now?: number): void;
}

/** Readers behind one shared address (loopback: an onion service) share this many visitors' budgets. */
export const SHARED_READERS_FACTOR = 3;

export interface WorkRate {
  /** Milliseconds of work earned per second; 0 turns the budget off. */
  msPerSecond: number;
  /** The most a client can have saved up: what a reader arriving after a quiet spell may spend at once. */
  burstMs: number;
}

/** One process's budgets, in memory; keys are keyed hashes, as in throttle.ts. */
export class WorkBudget implements WorkBudgetStore {
  /** Buckets not full, least recently charged first; a full bucket is the same as none. */
  private readonly buckets = new Map<string, { level: number; at: number }>();
  readonly rate: WorkRate;

  constructor(rate: WorkRate) {
    this.rate = rate;
  }

  get enabled(): boolean {
    return this.rate.msPerSecond > 0;
  }

  /** Clients currently kept: only those in debt or still refilling, and never more than MAX_ENTRIES. */
  get size(): number {
    return this.buckets.size;
  }

  private level(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.rate.burstMs;
    return Math.min(this.rate.burstMs, bucket.level + ((now - bucket.at) * this.rate.msPerSecond) / 1000);
  }

  waitFor(value: string, now = Date.now()): number {
    if (this.rate.msPerSecond <= 0) return 0;
    const level = this.level(opaqueKey('work', value), now);
    return level > 0 ? 0 : Math.floor((-level * 1000) / this.rate.msPerSecond) + 1;
  }

  charge(value: string, ms: number, now = Date.now()): void {
    if (this.rate.msPerSecond <= 0) return;
    const key = opaqueKey('work', value);
    // Debt stops at one burst: a visitor who stops is back within burstMs / msPerSecond seconds.
    const level = Math.max(-this.rate.burstMs, this.level(key, now) - ms);
    this.buckets.delete(key);
    if (level >= this.rate.burstMs) return;
    if (this.buckets.size >= MAX_ENTRIES) trimTo(this.buckets, Math.floor(MAX_ENTRIES * 0.9));
    this.buckets.set(key, { level, at: now });
  }
}
