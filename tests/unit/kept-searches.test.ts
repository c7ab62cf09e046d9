import { describe, expect, it } from 'vitest';
import { KEPT_SEARCH_LIMITS, KEPT_SEARCH_MS, MemoryKeptSearches } from '../../src/server/security/kept-searches.ts';

const start = 1_000_000_000_000;
const sealed = (text = 'x') => Buffer.from(text);
const put = (store: MemoryKeptSearches, id: string, owner = 'reader', now = start, shared = false) => store.put({ id, sealed: sealed(id), owner, shared }, now);

describe('the memory store of kept searches', () => {
  it('gives back what it keeps until the search expires, then forgets it', async () => {
    const store = new MemoryKeptSearches();
    expect(await put(store, 'a')).toBe(true);
    expect(String(await store.get('a', start + KEPT_SEARCH_MS - 1))).toBe('a');
    expect(await store.get('a', start + KEPT_SEARCH_MS)).toBeNull();
    expect(store.size).toBe(0);
    expect(await store.get('never-kept', start)).toBeNull();
  });

  it('drops expired searches when the next one is kept, so a quiet flood leaves nothing behind', async () => {
    const store = new MemoryKeptSearches();
    for (let index = 0; index < 20; index++) await put(store, `old-${index}`, `owner-${index}`);
    await put(store, 'new', 'someone', start + KEPT_SEARCH_MS);
    expect(store.size).toBe(1);
  });

  it('keeps at most a visitor’s share: her own oldest search goes first, never another visitor’s', async () => {
    const store = new MemoryKeptSearches();
    await put(store, 'victim', 'reader');
    for (let index = 0; index < KEPT_SEARCH_LIMITS.perOwner * 5; index++) await put(store, `flood-${index}`, 'flooder', start + index);
    expect(String(await store.get('victim', start + 1))).toBe('victim');
    expect(store.size).toBe(KEPT_SEARCH_LIMITS.perOwner + 1);
    expect(await store.get('flood-0', start + 1)).toBeNull();
    expect(await store.get(`flood-${KEPT_SEARCH_LIMITS.perOwner * 5 - 1}`, start + 1)).not.toBeNull();
  });

  it('gives a shared address (an onion service’s visitors) a larger share', async () => {
    const store = new MemoryKeptSearches();
    for (let index = 0; index < KEPT_SEARCH_LIMITS.perSharedOwner + 10; index++) await put(store, `tor-${index}`, 'loopback', start, true);
    expect(store.size).toBe(KEPT_SEARCH_LIMITS.perSharedOwner);
  });

  it('never holds more than its limit of searches, dropping the oldest across visitors', async () => {
    const store = new MemoryKeptSearches({ ...KEPT_SEARCH_LIMITS, entries: 50 });
    for (let index = 0; index < 200; index++) await put(store, `s-${index}`, `owner-${index}`);
    expect(store.size).toBe(50);
    expect(await store.get('s-149', start)).toBeNull();
    expect(await store.get('s-150', start)).not.toBeNull();
    // Every owner that lost its search is forgotten too: the store's bookkeeping is bounded as well.
    expect(store.owners).toBe(50);
  });

  it('refuses a sealed search larger than its limit rather than keep it', async () => {
    const store = new MemoryKeptSearches();
    expect(await store.put({ id: 'big', sealed: Buffer.alloc(KEPT_SEARCH_LIMITS.bytes + 1), owner: 'reader', shared: false }, start)).toBe(false);
    expect(store.size).toBe(0);
  });
});
