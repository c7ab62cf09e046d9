import { describe, expect, it } from 'vitest';
import { SegmentedLru } from '../../src/server/cache/segmented-lru.ts';

const entry = (bytes = 10) => ({ bytes });

describe('the response cache’s segmented LRU', () => {
  it('keeps a page readers came back to while a flood of one-off addresses passes through', () => {
    const lru = new SegmentedLru<{ bytes: number }>(100);
    const popular = entry();
    lru.set('/latestnews', popular);
    expect(lru.get('/latestnews')).toBe(popular);
    for (let i = 0; i < 1000; i++) lru.set(`/latestnews?junk=${i}`, entry());
    expect(lru.get('/latestnews')).toBe(popular);
    // The flood itself is still cached, within the budget.
    expect(lru.get('/latestnews?junk=999')).toBeDefined();
    expect(lru.get('/latestnews?junk=0')).toBeUndefined();
  });

  it('stays within its budget, and lets the least recently read protected entry go first when all were read twice', () => {
    const lru = new SegmentedLru<{ bytes: number }>(100);
    for (let i = 0; i < 12; i++) {
      lru.set(`/page/${i}`, entry());
      lru.get(`/page/${i}`);
    }
    const held = Array.from({ length: 12 }, (_, i) => lru.get(`/page/${i}`) !== undefined);
    expect(held.filter(Boolean).length).toBeLessThanOrEqual(10);
    expect(held.slice(-8).every(Boolean)).toBe(true);
    expect(held[0]).toBe(false);
  });

  it('counts what an entry grows by (a new encoding of its body) against the budget', () => {
    const lru = new SegmentedLru<{ bytes: number }>(100);
    const a = entry(30);
    lru.set('a', a);
    lru.get('a');
    lru.set('b', entry(30));
    lru.get('b');
    // As the cache does it: the entry is read, then its new encoding is added.
    expect(lru.get('a')).toBe(a);
    lru.grew(a, 50);
    expect(a.bytes).toBe(80);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(a);
  });
});
