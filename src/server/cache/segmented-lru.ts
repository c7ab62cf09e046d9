/** Anything whose size is known, and may grow while it is held. */
export interface Sized {
  bytes: number;
}

/** Share of the budget kept for entries read at least twice. */
const PROTECTED_SHARE = 0.8;

interface Node<V> {
  key: string;
  value: V;
  older: Node<V> | null;
  newer: Node<V> | null;
}

/**
 * One segment in recency order: a Map to find an entry, a linked list for its order. A read moves
 * its entry to the recent end by relinking it, which allocates nothing; a Map kept in order by a
 * deletion and an insertion on every read rebuilds its table every few hundred reads, garbage that
 * at thousands of cached answers a second outlives young collections.
 */
class Segment<V> {
  private readonly nodes = new Map<string, Node<V>>();
  private oldest: Node<V> | null = null;
  private newest: Node<V> | null = null;

  get size(): number {
    return this.nodes.size;
  }

  /** The entry, moved to the recent end; undefined when the segment does not hold it. */
  touch(key: string): V | undefined {
    const node = this.nodes.get(key);
    if (!node) return undefined;
    if (node !== this.newest) {
      this.unlink(node);
      this.link(node);
    }
    return node.value;
  }

  add(key: string, value: V): void {
    this.remove(key);
    const node: Node<V> = { key, value, older: null, newer: null };
    this.nodes.set(key, node);
    this.link(node);
  }

  remove(key: string): V | undefined {
    const node = this.nodes.get(key);
    if (!node) return undefined;
    this.nodes.delete(key);
    this.unlink(node);
    return node.value;
  }

  /** The least recently read entry, or null when empty. */
  oldestEntry(): { key: string; value: V } | null {
    return this.oldest;
  }

  clear(): void {
    this.nodes.clear();
    this.oldest = this.newest = null;
  }

  private link(node: Node<V>): void {
    node.older = this.newest;
    node.newer = null;
    if (this.newest) this.newest.newer = node;
    else this.oldest = node;
    this.newest = node;
  }

  private unlink(node: Node<V>): void {
    if (node.older) node.older.newer = node.newer;
    else this.oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.newest = node.older;
    node.older = node.newer = null;
  }
}

/**
 * A segmented LRU bounded in bytes. A new entry waits in a probation segment; a second read moves
 * it to the protected segment, which keeps most of the budget. A stream of entries read only once
 * (ever-new query strings, say) therefore churns probation alone and cannot evict the pages
 * readers keep coming back to; protected entries leave only when the protected share is full, and
 * then go back to probation first.
 */
export class SegmentedLru<V extends Sized> {
  private readonly probation = new Segment<V>();
  private readonly protected = new Segment<V>();
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
    const held = this.protected.touch(key);
    if (held) return held;
    const trial = this.probation.remove(key);
    if (!trial) return undefined;
    this.protected.add(key, trial);
    this.protectedBytes += trial.bytes;
    this.demote();
    return trial;
  }

  set(key: string, value: V): void {
    this.remove(key);
    this.probation.add(key, value);
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
    const trial = this.probation.remove(key);
    if (trial) this.totalBytes -= trial.bytes;
    const held = this.protected.remove(key);
    if (held) {
      this.totalBytes -= held.bytes;
      this.protectedBytes -= held.bytes;
    }
  }

  /** The least recently read protected entries go back to probation while protected is over its share. */
  private demote(): void {
    for (let oldest = this.protected.oldestEntry(); oldest && this.protectedBytes > this.maxBytes * PROTECTED_SHARE; oldest = this.protected.oldestEntry()) {
      this.protected.remove(oldest.key);
      this.protectedBytes -= oldest.value.bytes;
      this.probation.add(oldest.key, oldest.value);
    }
  }

  private evict(): void {
    for (const segment of [this.probation, this.protected]) {
      for (let oldest = segment.oldestEntry(); oldest && this.totalBytes > this.maxBytes; oldest = segment.oldestEntry()) {
        segment.remove(oldest.key);
        this.totalBytes -= oldest.value.bytes;
        if (segment === this.protected) this.protectedBytes -= oldest.value.bytes;
      }
    }
  }
}
