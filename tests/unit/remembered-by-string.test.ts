import { describe, expect, it } from 'vitest';
import { REMEMBERED_LENGTH, rememberedByString } from '../../src/server/cache/memo.ts';

describe('a pure function of an address, remembered', () => {
  it('works a key out once, null answers too, and hands the first call its context', () => {
    const calls: string[] = [];
    const keyOf = rememberedByString(
      (address, context: { query: string }) => {
        calls.push(`${address}:${context.query}`);
        return address.startsWith('/api') ? `key ${address}` : null;
      },
      { keep: () => true },
    );
    expect(keyOf('/api/news', { query: 'a' })).toBe('key /api/news');
    expect(keyOf('/api/news', { query: 'b' })).toBe('key /api/news');
    expect(keyOf('/other', { query: 'c' })).toBeNull();
    expect(keyOf('/other', { query: 'd' })).toBeNull();
    expect(calls).toEqual(['/api/news:a', '/other:c']);
  });

  it('starts again past its bound, so ever-new addresses cannot grow it', () => {
    let computed = 0;
    const keyOf = rememberedByString((address) => (computed++, address), { max: 3, keep: () => true });
    for (const address of ['/a', '/b', '/c', '/d', '/a']) keyOf(address, undefined);
    // '/d' restarted the map, so '/a' was worked out again.
    expect(computed).toBe(5);
    keyOf('/d', undefined);
    expect(computed).toBe(5);
  });

  it('keeps no long address, so made-up ones cannot make it hold megabytes', () => {
    let computed = 0;
    const keyOf = rememberedByString((address) => (computed++, address.length), { keep: () => true });
    const long = `/api/news?junk=${'x'.repeat(REMEMBERED_LENGTH)}`;
    expect(keyOf(long, undefined)).toBe(long.length);
    expect(keyOf(long, undefined)).toBe(long.length);
    expect(computed).toBe(2);
  });
});
