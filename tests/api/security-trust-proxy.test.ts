import { describe, expect, it } from 'vitest';
import { envFor } from '../../src/server/env.ts';
import { makeUser } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { trpcMutation } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();
const site = (env: Record<string, string> = {}) => sites.site(env);
async function subscribe(base: string, i: number, headers: Record<string, string> = {}, cookie?: string) {
  const response = await fetch(`${base}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify({ email: `reader${i}@example.org` }),
  });
  await response.body?.cancel();
  const budget = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('write_budget='));
  return { status: response.status, budget };
}

describe('X-Forwarded-For', () => {
  it('by default changes nothing: a rotating header does not multiply the hourly limit on public writes', async () => {
    const { server } = await site({ RATE_LIMIT_PUBLIC_WRITES: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await subscribe(server.url, i, { 'X-Forwarded-For': `198.51.100.${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('by default does not spread password checks over made-up addresses', async () => {
    const { deps, server } = await site();
    const editor = await makeUser(deps);
    const client = new CookieClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push(
        (await trpcMutation(client, 'auth.login', { email: editor.email, password: `wrong ${i}` }, { 'X-Forwarded-For': `203.0.113.${i}` })).status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('with TRUST_PROXY set, counts each visitor by the address the proxy forwarded', async () => {
    const { server } = await site({ RATE_LIMIT_PUBLIC_WRITES: '2', TRUST_PROXY: 'loopback' });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    expect((await subscribe(server.url, 1, from('198.51.100.1'))).status).toBe(200);
    expect((await subscribe(server.url, 2, from('198.51.100.1'))).status).toBe(200);
    expect((await subscribe(server.url, 3, from('198.51.100.1'))).status).toBe(429);
    expect((await subscribe(server.url, 4, from('198.51.100.2'))).status).toBe(200);
    // Only the entry the trusted proxy added counts: a forged prefix escapes nothing.
    expect((await subscribe(server.url, 5, from('10.0.0.9, 198.51.100.1'))).status).toBe(429);
  });

  it('accepts a hop count or a list of proxies in TRUST_PROXY, and refuses "trust everyone" with a clear message', () => {
    expect(envFor({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(envFor({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 2001:db8::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
    expect(envFor({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBeUndefined();
    for (const bad of ['true', '*', '0', '10.0.0.0/40', 'proxy.example.org'])
      expect(() => envFor({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be a number of proxies/);
  });
});

describe('visitors who share one address (an onion service, an untrusted local proxy)', () => {
  it('gives a visitor who holds a write budget her own limit, which another visitor spending the shared address’s cannot take', async () => {
    const { server } = await site({ RATE_LIMIT_PUBLIC_WRITES: '3' });
    // Her first write is counted against the address and gives her a budget cookie.
    const first = await subscribe(server.url, 0);
    expect(first.status).toBe(200);
    expect(first.budget).toMatch(/^write_budget=[\w-]{22}\.[\w-]{22}$/);
    // Someone else, keeping no cookie, spends the shared address's limit.
    const other: number[] = [];
    for (let i = 1; i <= 4; i += 1) other.push((await subscribe(server.url, i)).status);
    expect(other).toEqual([200, 200, 429, 429]);
    // She still has her own budget: two more writes this hour, then she waits like anyone.
    expect((await subscribe(server.url, 10, {}, first.budget)).status).toBe(200);
    expect((await subscribe(server.url, 11, {}, first.budget)).status).toBe(200);
    expect((await subscribe(server.url, 12, {}, first.budget)).status).toBe(429);
  });

  it('ignores a budget cookie this site did not sign', async () => {
    const { server } = await site({ RATE_LIMIT_PUBLIC_WRITES: '3' });
    expect((await subscribe(server.url, 0, {}, 'write_budget=AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA')).budget).toBeDefined();
    // Forged cookies all count against the address.
    const forged: number[] = [];
    for (let i = 1; i <= 3; i += 1) forged.push((await subscribe(server.url, i, {}, `write_budget=${'B'.repeat(22)}.${'C'.repeat(22)}`)).status);
    expect(forged).toEqual([200, 200, 429]);
  });

  it('bounds what one person collecting budgets can send from a shared address', async () => {
    const { server: fresh } = await site({ RATE_LIMIT_PUBLIC_WRITES: '3' });
    // One person takes a budget with each cookie-less write and spends it, again and again.
    let accepted = 0;
    for (let round = 0; round < 10; round += 1) {
      const minted = await subscribe(fresh.url, 100 + round);
      if (minted.status !== 200) continue;
      accepted += 1;
      for (let i = 0; i < 5; i += 1) if ((await subscribe(fresh.url, 1000 + round * 10 + i, {}, minted.budget)).status === 200) accepted += 1;
    }
    // Three budgets of three writes each: nine, never more than the address limit times the budget limit.
    expect(accepted).toBe(9);
  });
});
