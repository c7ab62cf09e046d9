import { describe, expect, it } from 'vitest';
import { loadOnFirstUse } from '../../src/server/load-on-first-use.ts';

describe('what is loaded on first use', () => {
  it('is loaded once for every caller, and tried again after a failed load', async () => {
    let calls = 0;
    const load = loadOnFirstUse(async () => {
      calls += 1;
      if (calls === 1) throw new Error('EMFILE');
      return { value: calls };
    });
    await expect(load()).rejects.toThrow('EMFILE');
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toEqual({ value: 2 });
    expect(calls).toBe(2);
  });
});
