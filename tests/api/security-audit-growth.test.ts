import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/server/db/schema.ts';
import { NAMED_UNKNOWN_ACCOUNTS, STORED_ACCOUNT_CHARS } from '../../src/server/security/failed-logins.ts';
import { makeUser } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';

const sites = sitesStartedInTests();
afterEach(() => {
  vi.useRealTimers();
});

const allFailed = async (d: TestDeps) => (await d.db.select().from(auditLog)).filter((row) => row.action === 'auth.loginFailed');

describe('failed sign-ins in the activity log', () => {
  it('counts an account’s failed sign-ins of one hour on one row, and starts a new row the next hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 22, 9, 5) });
    const deps = sites.deps();
    const editor = await makeUser(deps);
    for (let i = 0; i < 7; i += 1) await clientErrorOf(deps, publicCaller(deps).auth.login({ email: editor.email, password: `wrong ${i}` }));
    expect((await allFailed(deps)).map(({ userId, userEmail, attempts }) => ({ userId, userEmail, attempts }))).toEqual([
      { userId: editor.id, userEmail: editor.email, attempts: 7 },
    ]);
    vi.setSystemTime(Date.UTC(2026, 10, 22, 10, 1));
    await clientErrorOf(deps, publicCaller(deps).auth.login({ email: editor.email, password: 'wrong again' }));
    expect((await allFailed(deps)).map((row) => row.attempts)).toEqual([7, 1]);
    // The panel shows the count.
    const { caller } = await adminCaller(deps);
    expect((await caller.audit.list({})).items.filter((row) => row.action === 'auth.loginFailed').map((row) => row.attempts)).toEqual([1, 7]);
  });

  it('adds a bounded number of rows, with capped text, however many made-up addresses are tried', async () => {
    const deps = sites.deps();
    const long = (i: number) => `${String(i).padStart(4, '0')}${'x'.repeat(230)}@example.org`;
    for (let i = 0; i < 45; i += 1) await clientErrorOf(deps, publicCaller(deps).auth.login({ email: long(i), password: 'whatever it is' }));
    const rows = await allFailed(deps);
    expect(rows.length).toBe(NAMED_UNKNOWN_ACCOUNTS + 1);
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(45);
    for (const row of rows) expect((row.userEmail ?? '').length).toBeLessThanOrEqual(STORED_ACCOUNT_CHARS);
    expect(rows.filter((row) => row.userEmail === null)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('whatever it is');
  });

  it('adds no row for a batch of a thousand sign-ins over HTTP, which is refused whole', async () => {
    const deps = sites.deps();
    const server = await sites.serve(deps);
    const before = (await deps.db.select().from(auditLog)).length;
    const attempts = Array.from({ length: 1000 }, (_, i) => ({ email: `attacker-${i}@example.org`, password: 'x' }));
    const body = Object.fromEntries(attempts.map((input, i) => [i, superjson.serialize(input)]));
    const response = await fetch(`${server.url}/trpc/${attempts.map(() => 'auth.login').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // Refused whole by the batch cap (413) before any sign-in is tried; within the cap, by the sign-in rule (400).
    expect([400, 413]).toContain(response.status);
    expect((await deps.db.select().from(auditLog)).length).toBe(before);
  });
});
