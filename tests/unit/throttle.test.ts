import { describe, expect, it } from 'vitest';
import { LoginThrottle, RateLimiter } from '../../src/server/security/throttle.ts';

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
