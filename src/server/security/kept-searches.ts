/**
 * Searches kept for a few minutes under an opaque token, so a results page can have an address
 * without the words in it (src/server/http/search-post.ts, decision 018). What is kept is sealed
 * with a key only the searching browser's cookie and the token make: the store itself, in memory
 * here or shared between nodes later, holds no readable word.
 */

/** How long a search is kept: long enough to read a result and come Back, short enough for a seized phone. */
export const KEPT_SEARCH_MS = 10 * 60_000;

export const KEPT_SEARCH_LIMITS = {
  /**
   * Searches kept at once, all visitors together: about 1.2 KB each with the bookkeeping at the
   * largest, so at most some 13 MB (bench/kept-searches.ts). A reader searches a few times in ten minutes.
   */
  entries: 10_000,
  /** Searches kept for one address: a reader searches far less than this in ten minutes. */
  perOwner: 30,
  /** For a shared address (an onion service, security/write-budget.ts), whose visitors are many. */
  perSharedOwner: 300,
  /** The largest sealed search: a 200-character query in any script (600 bytes of UTF-8), its filters and the seal. */
  bytes: 1024,
};

export interface KeptSearch {
  /** The SHA-256 of the token (the token itself, which opens the seal, is never kept). */
  id: string;
  sealed: Buffer;
  /** A keyed hash of the address that asked, to bound what one visitor can fill. */
  owner: string;
  /** True for a shared address, whose many visitors get a larger share together. */
  shared: boolean;
}

/**
 * Kept searches, behind a small interface like the throttles of security/guards.ts: several nodes
 * would implement it on a shared store. Asynchronous because such a store is.
 */
export interface KeptSearchStore {
  /**
   * Keeps a search until `now + KEPT_SEARCH_MS`. Past its owner's share, that owner's oldest search
   * goes; past the store's limit, the oldest of all. False when refused (too large).
   */
  put(search: KeptSearch, now: number): Promise<boolean>;
  /** The sealed search kept under `id`, or null once it has expired or been dropped. */
  get(id: string, now: number): Promise<Buffer | null>;
}

interface Entry {
  sealed: Buffer;
  owner: string;
  expiresAt: number;
}

/**
 * One process's kept searches. Every entry lives equally long, so the map's insertion order is
 * also its expiry order and the oldest entry of an owner is the first of its list: expiring and
 * dropping are constant-time, with no walk over the table.
 */
export class MemoryKeptSearches implements KeptSearchStore {
  private readonly entries = new Map<string, Entry>();
  private readonly byOwner = new Map<string, string[]>();
  private sweep: NodeJS.Timeout | null = null;

  private readonly limits: typeof KEPT_SEARCH_LIMITS;

  constructor(limits = KEPT_SEARCH_LIMITS) {
    this.limits = limits;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Owners with a search kept (the bookkeeping is bounded with the entries). */
  get owners(): number {
    return this.byOwner.size;
  }

  async put({ id, sealed, owner, shared }: KeptSearch, now: number): Promise<boolean> {
    if (sealed.length > this.limits.bytes || this.entries.has(id)) return false;
    this.dropExpired(now);
    const share = shared ? this.limits.perSharedOwner : this.limits.perOwner;
    const mine = this.byOwner.get(owner) ?? [];
    while (mine.length >= share) this.entries.delete(mine.shift()!);
    this.byOwner.set(owner, mine);
    // The owner's list may go here too (its last search the oldest of all): it is set again below.
    while (this.entries.size >= this.limits.entries) this.dropOldest();
    // A copy of its own: a small Buffer is often a slice of Node's shared 8 KB pool, which it would keep whole.
    const own = Buffer.allocUnsafeSlow(sealed.length);
    sealed.copy(own);
    this.entries.set(id, { sealed: own, owner, expiresAt: now + KEPT_SEARCH_MS });
    mine.push(id);
    this.byOwner.set(owner, mine);
    this.armSweep(now);
    return true;
  }

  async get(id: string, now: number): Promise<Buffer | null> {
    this.dropExpired(now);
    return this.entries.get(id)?.sealed ?? null;
  }

  private dropOldest(): void {
    const first = this.entries.entries().next();
    if (first.done) return;
    const [id, entry] = first.value;
    this.entries.delete(id);
    const list = this.byOwner.get(entry.owner) ?? [];
    // The first of its owner's list (both are in insertion order), so indexOf stops at once.
    const at = list.indexOf(id);
    if (at >= 0) list.splice(at, 1);
    if (!list.length) this.byOwner.delete(entry.owner);
  }

  private dropExpired(now: number): void {
    for (let first = this.entries.values().next(); !first.done && first.value.expiresAt <= now; first = this.entries.values().next()) this.dropOldest();
  }

  /**
   * A quiet site must not keep the last searches in memory until the next one comes: a timer drops
   * them when they expire. It counts on from the time the caller gave (the site's clock).
   */
  private armSweep(now: number): void {
    if (this.sweep) return;
    const next = this.entries.values().next();
    if (next.done) return;
    const at = next.value.expiresAt;
    this.sweep = setTimeout(
      () => {
        this.sweep = null;
        this.dropExpired(at);
        this.armSweep(at);
      },
      Math.max(0, at - now),
    );
    this.sweep.unref();
  }
}
