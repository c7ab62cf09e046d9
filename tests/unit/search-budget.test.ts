import { describe, expect, it } from 'vitest';
import { InFlightLimit, WindowBudget } from '../../src/server/security/budget.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('a budget of several windows (a minute and an hour)', () => {
  it('refuses once any window is spent, with the seconds until that window ends', () => {
    const budget = new WindowBudget([
      { limit: 2, ms: MINUTE },
      { limit: 3, ms: HOUR },
    ]);
    expect(budget.hit('visitor', 0)).toBe(0);
    expect(budget.hit('visitor', 1_000)).toBe(0);
    expect(budget.hit('visitor', 2_000)).toBe(58);
    expect(budget.hit('someone else', 2_000)).toBe(0);
  });

  it('spends nothing on a refused request, so a flood refused by the minute does not spend the hour', () => {
    const budget = new WindowBudget([
      { limit: 2, ms: MINUTE },
      { limit: 3, ms: HOUR },
    ]);
    budget.hit('visitor', 0);
    budget.hit('visitor', 0);
    for (let index = 0; index < 100; index++) expect(budget.hit('visitor', 1_000)).toBeGreaterThan(0);
    // A minute later the hour still holds its third search, and only that one.
    expect(budget.hit('visitor', MINUTE)).toBe(0);
    expect(budget.hit('visitor', MINUTE + 1)).toBe(Math.ceil((HOUR - MINUTE - 1) / 1000));
  });

  it('counts nothing when a limit is 0', () => {
    const budget = new WindowBudget([{ limit: 0, ms: MINUTE }]);
    for (let index = 0; index < 1000; index++) expect(budget.hit('visitor', 0)).toBe(0);
    expect(budget.size).toBe(0);
  });

  it('keeps a bounded number of visitors, whatever arrives', { timeout: 60_000 }, () => {
    const budget = new WindowBudget([{ limit: 5, ms: HOUR }]);
    for (let index = 0; index < 52_000; index++) budget.hit(`203.0.${index >> 8}.${index & 255}`, index);
    expect(budget.size).toBeLessThanOrEqual(50_000);
    // The newest visitor is still counted.
    for (let hit = 0; hit < 5; hit++) budget.hit('203.0.203.31', 52_000);
    expect(budget.hit('203.0.203.31', 52_000)).toBeGreaterThan(0);
  });
});

describe('work one visitor may have running at once', () => {
  it('lets one in per key until it is released, and forgets released keys', () => {
    const limit = new InFlightLimit(1);
    const release = limit.enter('visitor');
    expect(release).toBeTypeOf('function');
    expect(limit.enter('visitor')).toBeNull();
    const other = limit.enter('someone else');
    expect(other).toBeTypeOf('function');
    release!();
    release!();
    const again = limit.enter('visitor');
    expect(again).toBeTypeOf('function');
    again!();
    other!();
    expect(limit.size).toBe(0);
  });
});
