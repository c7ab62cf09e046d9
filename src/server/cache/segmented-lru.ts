/** Anything whose size is known, and may grow while it is held. */
export interface Sized {
  bytes: number;
}

/** Share of the budget kept for entries read at least twice. */
const PROTECTED_SHARE = 0.8;

/**
 * A segmented LRU bounded in bytes. A new entry waits in a probation segment; a second read moves
 * it to the protected segment, which keeps most of the budget. A stream of entries read only once
 * (ever-new query strings, say) therefore churns probation alone and cannot evict the pages
 * readers keep coming back to; protected entries leave only when the protected share is full, and
 * then go back to probation first.
 */
export class SegmentedLru<V extends Sized> {
  private readonly probation = new Map<string, V>();
  private readonly protected = new Map<string, V>();
  private protectedBytes = 0;
  private totalBytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Entries held, in both segments. */
  get size(): number {
    return this.probation.size + this.protected.size;
  }

  get(key: string): V | undefined {
    const held = this.protected.get(key);
    if (held) {
      this.protected.delete(key);
      this.protected.set(key, held);
      return held;
    }
    const trial = this.probation.get(key);
    if (!trial) return undefined;
    this.probation.delete(key);
    this.protected.set(key, trial);
    this.protectedBytes += trial.bytes;
    this.demote();
    return trial;
  }

  set(key: string, value: V): void {
    this.remove(key);
    this.probation.set(key, value);
    this.totalBytes += value.bytes;
    this.evict();
  }

  /** An entry just returned by get() grew (a new encoding of its body). */
  grew(value: V, by: number): void {
    value.bytes += by;
    this.totalBytes += by;
    this.protectedBytes += by;
    this.demote();
    this.evict();
  }

  clear(): void {
    this.probation.clear();
    this.protected.clear();
    this.protectedBytes = 0;
    this.totalBytes = 0;
  }

  private remove(key: string): void {
    const trial = this.probation.get(key);
    if (trial) {
      this.probation.delete(key);
      this.totalBytes -= trial.bytes;
    }
    const held = this.protected.get(key);
    if (held) {
      this.protected.delete(key);
      this.totalBytes -= held.bytes;
      this.protectedBytes -= held.bytes;
    }
  }

  /** The least recently read protected entries go back to probation while protected is over its share. */
  private demote(): void {
    for (const [key, value] of this.protected) {
      if (this.protectedBytes <= this.maxBytes * PROTECTED_SHARE) break;
      this.protected.delete(key);
      this.protectedBytes -= value.bytes;
      this.probation.set(key, value);
    }
  }

  private evict(): void {
    for (const segment of [this.probation, this.protected]) {
      for (const [key, value] of segment) {
        if (this.totalBytes <= this.maxBytes) return;
        segment.delete(key);
        this.totalBytes -= value.bytes;
        if (segment === this.protected) this.protectedBytes -= value.bytes;
      }
    }
  }
}
