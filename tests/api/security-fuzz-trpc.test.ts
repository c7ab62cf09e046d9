import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encode, garbageBody, makeOneOfEachKind, nextAddress, superjsonEnvelope } from '../factories/fuzz.ts';
import { makeSubscriber } from '../factories/index.ts';
import { allFilesUnder, rowCounts } from '../setup/db-snapshot.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { folderOf } from '../setup/stored.ts';

const publicProcedures = allProcedures.filter((p) => !p.guarded);

// No hourly limits, so a 429 never hides how an input is handled; the limits have their own tests.
const site = siteForAllTests({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' }, async (deps) => {
  await makeOneOfEachKind(deps);
  await makeSubscriber(deps);
});
let faults: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  faults = vi.spyOn(console, 'error');
});
afterAll(() => faults.mockRestore());

const state = async () => ({ rows: await rowCounts(site.deps), files: allFilesUnder(folderOf(site.deps.storage).root) });

async function healthy() {
  const response = await fetch(`${site.server.url}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
}

/** One call as the React client makes it (GET with ?input= for queries, a POST body for mutations), with any payload. */
async function call(path: string, type: 'query' | 'mutation', payload: string) {
  const headers = { 'X-Forwarded-For': nextAddress(), 'content-type': 'application/json' };
  const response =
    type === 'query'
      ? await fetch(`${site.server.url}/trpc/${path}?input=${encode(payload)}`, { headers })
      : await fetch(`${site.server.url}/trpc/${path}`, { method: 'POST', headers, body: payload });
  await response.arrayBuffer();
  return response.status;
}

/** The invariant of every public call: no server fault, nothing kept from a refused input, still alive. */
async function expectSafe(path: string, status: number, before: Awaited<ReturnType<typeof state>>) {
  expect(status, `${path} answered ${status}`).toBeGreaterThanOrEqual(200);
  expect(status, `${path} answered ${status}`).toBeLessThan(500);
  if (status >= 400) {
    const after = await state();
    // A wrong password is written to the audit log by design; nothing else may change.
    if (path === 'auth.login' && status === 401) {
      expect(after.rows.audit_log).toBe((before.rows.audit_log ?? 0) + 1);
      after.rows.audit_log = before.rows.audit_log ?? 0;
    }
    expect(after).toEqual(before);
  }
  calls += 1;
  if (calls % 10 === 0) await healthy();
}
let calls = 0;

describe('every public procedure at /trpc, fuzzed', () => {
  it('has the procedures the fuzzing walks', () => {
    expect(publicProcedures.map((p) => p.path)).toEqual(
      expect.arrayContaining(['contacts.create', 'stories.create', 'newsletter.subscribe', 'auth.login', 'news.list', 'setup.createAdmin']),
    );
  });

  it.each(publicProcedures.map((p) => [p.path, p.type] as const))(
    '%s answers any superjson-shaped input without a server fault, keeping nothing it refused',
    async (path, type) => {
      await fc.assert(
        fc.asyncProperty(superjsonEnvelope, async (envelope) => {
          const before = await state();
          await expectSafe(path, await call(path, type, JSON.stringify(envelope)), before);
        }),
        { numRuns: path === 'auth.login' ? 60 : 100 },
      );
      await healthy();
    },
  );

  it.each(publicProcedures.map((p) => [p.path, p.type] as const))('%s answers raw garbage without a server fault', async (path, type) => {
    await fc.assert(
      fc.asyncProperty(garbageBody, async (body) => {
        const before = await state();
        await expectSafe(path, await call(path, type, body), before);
      }),
      { numRuns: 25 },
    );
    await healthy();
  });

  it('answers batches, unknown paths and wrong methods without a server fault', async () => {
    const paths = publicProcedures.map((p) => p.path);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...paths), fc.string({ maxLength: 12 }).map(encode)), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.boolean(),
        garbageBody,
        async (batch, method, batched, body) => {
          const before = await state();
          const query = batched ? `?batch=1&input=${encode(body)}` : '';
          const response = await fetch(`${site.server.url}/trpc/${batch.join(',')}${query}`, {
            method,
            headers: { 'content-type': 'application/json', 'X-Forwarded-For': nextAddress() },
            body: method === 'GET' ? undefined : body,
          });
          await response.arrayBuffer();
          await expectSafe(batch.join(','), response.status, before);
        },
      ),
      { numRuns: 150 },
    );
    await healthy();
  });

  it('printed no server fault while being fuzzed, and nothing was polluted', () => {
    expect(faults).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
