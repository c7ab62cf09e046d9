import { describe, expect, it } from 'vitest';
import { workClient } from '../../src/server/http/visitor-work.ts';
import { MAX_ENTRIES } from '../../src/server/security/throttle.ts';
import { WorkBudget } from '../../src/server/security/work-budget.ts';

describe('a budget of uncached work', () => {
  it('lets a client spend what she has saved up, then makes her wait out her debt', () => {
    const budget = new WorkBudget({ msPerSecond: 100, burstMs: 300 });
    expect(budget.waitFor('a', 0)).toBe(0);
    budget.charge('a', 250, 0);
    expect(budget.waitFor('a', 0)).toBe(0);
    budget.charge('a', 150, 0);
    // 100 ms in debt at 100 ms a second: a second to wait.
    expect(budget.waitFor('a', 0)).toBe(1001);
    expect(budget.waitFor('a', 990)).toBe(11);
    expect(budget.waitFor('a', 1001)).toBe(0);
    expect(budget.waitFor('b', 0)).toBe(0);
  });

  it('saves up no more than its burst, and forgets a client whose bucket is full again', () => {
    const budget = new WorkBudget({ msPerSecond: 100, burstMs: 300 });
    budget.charge('a', 100, 0);
    expect(budget.size).toBe(1);
    budget.charge('a', 0, 60_000);
    expect(budget.size).toBe(0);
    budget.charge('a', 350, 60_000);
    expect(budget.waitFor('a', 60_000)).toBe(501);
    // However much more she costs, her debt stops at one burst: three seconds to wait out.
    budget.charge('a', 100_000, 60_000);
    expect(budget.waitFor('a', 60_000)).toBe(3001);
  });

  it('is off at zero milliseconds a second', () => {
    const budget = new WorkBudget({ msPerSecond: 0, burstMs: 0 });
    budget.charge('a', 10_000, 0);
    expect(budget.waitFor('a', 0)).toBe(0);
    expect(budget.size).toBe(0);
  });

  it('keeps a bounded number of clients, whatever arrives', () => {
    const budget = new WorkBudget({ msPerSecond: 1, burstMs: 30 });
    for (let i = 0; i < MAX_ENTRIES + 10; i++) budget.charge(`client-${i}`, 100, 0);
    expect(budget.size).toBeLessThanOrEqual(MAX_ENTRIES);
  }, 60_000);
});

describe('whom uncached work is counted against', () => {
  it('is the address, an IPv6 address by its /64, everyone on loopback together', () => {
    expect(workClient('203.0.113.7')).toEqual({ key: '203.0.113.7', shared: false });
    expect(workClient('::ffff:203.0.113.7')).toEqual({ key: '203.0.113.7', shared: false });
    expect(workClient('2001:db8:5:7::1')).toEqual({ key: '2001:db8:5:7::/64', shared: false });
    expect(workClient('2001:0db8:0005:0007:ffff:1:2:3')).toEqual({ key: '2001:db8:5:7::/64', shared: false });
    expect(workClient('2001:db8::1')).toEqual({ key: '2001:db8:0:0::/64', shared: false });
    expect(workClient('127.0.0.1')).toEqual({ key: 'shared', shared: true });
    expect(workClient('::1')).toEqual({ key: 'shared', shared: true });
    expect(workClient(undefined)).toBeNull();
  });
});
