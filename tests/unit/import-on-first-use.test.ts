import { describe, expect, it } from 'vitest';
import { importOnFirstUse } from '../../src/server/import-on-first-use.ts';

describe('a module imported on first use', () => {
  it('is imported once for every caller, and tried again after a failed import', async () => {
    let calls = 0;
    const load = importOnFirstUse(async () => {
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
