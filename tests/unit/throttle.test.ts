import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_ENTRIES, RateLimiter } from '../../src/server/security/throttle.ts';

const start = 1_000_000_000_000;
const ip = '203.0.113.7';
const account = 'editor@example.org';

function failTimes(throttle: LoginThrottle, times: number, from: { ip: string | null; account: string } = { ip, account }, now = start) {
  for (let i = 0; i < times; i += 1) throttle.fail(from.ip, from.account, now);
}

describe('LoginThrottle', () => {
  it('lets the first five failures from one address for one account through without delay', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 4);
    expect(throttle.retryAfter(ip, account, start)).toBe(0);
  });

  it('then makes each further attempt wait, doubling the delay', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 5);
    expect(throttle.retryAfter(ip, account, start)).toBe(1);
    failTimes(throttle, 1);
    expect(throttle.retryAfter(ip, account, start)).toBe(2);
    failTimes(throttle, 2);
    expect(throttle.retryAfter(ip, account, start)).toBe(8);
  });

  it('lets the attempt go ahead once the delay has passed', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 7);
    expect(throttle.retryAfter(ip, account, start + 3_000)).toBe(1);
    expect(throttle.retryAfter(ip, account, start + 4_000)).toBe(0);
  });

  it('caps the delay at fifteen minutes for one address', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 40);
    expect(throttle.retryAfter(ip, account, start)).toBe(15 * 60);
  });

  it('does not slow another visitor down for a different account', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 8);
    expect(throttle.retryAfter('198.51.100.1', 'someone-else@example.org', start)).toBe(0);
  });

  it('never locks the real editor out for more than a minute, however many addresses guess', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 200; i += 1) throttle.fail(`10.0.${Math.floor(i / 250)}.${i % 250}`, account, start);
    expect(throttle.retryAfter('192.0.2.55', account, start)).toBe(60);
  });

  it('clears the counts of an address and of the account after a success', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 9);
    throttle.succeed(ip, account);
    expect(throttle.retryAfter(ip, account, start)).toBe(0);
  });

  it('counts direct calls without an address by account only', () => {
    const throttle = new LoginThrottle();
    failTimes(throttle, 20, { ip: null, account });
    expect(throttle.retryAfter(null, account, start)).toBe(1);
  });
});

describe('LoginThrottle.begin (a reserved attempt)', () => {
  it('counts an attempt as failed before its password is checked, so attempts that start together see each other', async () => {
    const throttle = new LoginThrottle();
    const started = Array.from({ length: 5 }, () => throttle.begin(ip, account, start));
    for (const reservation of started.slice(0, 2)) expect(reservation.attempt).toBeDefined();
    // Two checks at once per address; the third waits a second without being counted.
    expect(started.slice(2).map((reservation) => reservation.wait)).toEqual([1, 1, 1]);
    for (const reservation of started) await reservation.attempt?.failed();
    for (let i = 0; i < 3; i += 1) await throttle.begin(ip, account, start).attempt!.failed();
    // Five failures: the sixth attempt, even one that would succeed, waits.
    expect(throttle.begin(ip, account, start)).toEqual({ wait: 1 });
  });

  it('clears the counts once a reserved attempt succeeds', async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 4; i += 1) await throttle.begin(ip, account, start).attempt!.failed();
    await throttle.begin(ip, account, start).attempt!.succeeded();
    expect(throttle.retryAfter(ip, account, start)).toBe(0);
  });

  it('runs at most four checks of one account at once, from however many addresses', async () => {
    const throttle = new LoginThrottle();
    const running = Array.from({ length: 10 }, (_, i) => throttle.begin(`10.0.0.${i}`, account, start));
    expect(running.filter((reservation) => reservation.attempt)).toHaveLength(4);
    for (const reservation of running) await reservation.attempt?.failed();
    expect(throttle.begin('10.0.1.1', account, start).attempt).toBeDefined();
  });

  it('lets an address that waited for its turn check even while four checks of the account run', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 20; i += 1) throttle.fail(`10.0.0.${i}`, account, start);
    // The editor is told to wait; she comes back when told, while attackers' turns keep four checks running.
    const told = throttle.begin('192.0.2.55', account, start).wait;
    expect(told).toBeGreaterThan(0);
    const later = start + told * 1000;
    const attackers = Array.from({ length: 4 }, (_, i) => {
      const address = `10.0.9.${i}`;
      const first = throttle.begin(address, account, start).wait;
      return throttle.begin(address, account, start + first * 1000);
    });
    expect(attackers.filter((reservation) => reservation.attempt)).toHaveLength(4);
    expect(throttle.begin('192.0.2.55', account, later).attempt).toBeDefined();
  });
});

describe('RateLimiter', () => {
  it('allows the limit within a window, refuses the next hit with the seconds left, and starts afresh after', () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(limiter.hit(ip, start)).toBe(0);
    expect(limiter.hit(ip, start + 1_000)).toBe(0);
    expect(limiter.hit(ip, start + 20_000)).toBe(40);
    expect(limiter.hit('198.51.100.1', start + 20_000)).toBe(0);
    expect(limiter.hit(ip, start + 60_000)).toBe(0);
  });

  it('never refuses when the limit is 0 (turned off)', () => {
    const limiter = new RateLimiter(0, 60_000);
    for (let i = 0; i < 100; i += 1) expect(limiter.hit(ip, start)).toBe(0);
  });
});

describe('the throttles’ memory', () => {
  it('stays bounded when a day of guesses comes from a great many addresses, and keeps the account under attack', () => {
    const throttle = new LoginThrottle();
    const start = Date.UTC(2026, 10, 25);
    // Each failure is kept three ways (address, account, both): half as many failures as entries overflow the table.
    const failures = MAX_ENTRIES / 2;
    for (let i = 0; i < failures; i++) {
      throttle.fail(`2001:db8::${i.toString(16)}`, `made-up-${i}@example.org`, start + i);
      // The account really under attack fails all along.
      if (i % 50 === 0) throttle.fail(`2001:db8:1::${i.toString(16)}`, 'editor@example.org', start + i);
    }
    expect(throttle.size).toBeLessThanOrEqual(MAX_ENTRIES);
    // Twenty failures against the account are free, then it waits: its count survived the flood.
    expect(throttle.retryAfter('198.51.100.7', 'editor@example.org', start + failures)).toBeGreaterThan(0);
  }, 30_000);

  it('keeps a rate limiter bounded without forgetting the visitors counted within their window', () => {
    const limiter = new RateLimiter(2, 3_600_000);
    const start = Date.UTC(2026, 10, 25);
    for (let i = 0; i < 2 * MAX_ENTRIES; i++) limiter.hit(`2001:db8::${i.toString(16)}`, start + 1000 + i);
    expect(limiter.size).toBeLessThanOrEqual(MAX_ENTRIES);
    // A flood of new keys never clears the table at once: the most recent visitor keeps her count (one hit).
    expect(limiter.hit(`2001:db8::${(2 * MAX_ENTRIES - 1).toString(16)}`, start + 2000 + 2 * MAX_ENTRIES)).toBe(0);
    expect(limiter.hit(`2001:db8::${(2 * MAX_ENTRIES - 1).toString(16)}`, start + 2001 + 2 * MAX_ENTRIES)).toBeGreaterThan(0);
  }, 30_000);
});
