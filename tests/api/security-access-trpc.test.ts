import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { liveInput, accessWorldForFile, clientIn, ownRefusalExpected, prepareLive, type AccessCondition, type AccessWorld } from '../factories/access-world.ts';
import { procedureOf, publicCaller } from '../setup/callers.ts';
import { cloneTestDeps } from '../setup/clone-deps.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { startServer } from '../setup/http.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { trpcCall } from '../setup/trpc-http.ts';

// tests/api/access-control.test.ts checks the status codes of empty calls; this file adds the
// forged cookie, calls that would succeed if let through, and proof that nothing changed.

const procedures = allProcedures;
const adminProcedures = procedures.filter((p) => p.guarded);

type Condition = AccessCondition;

let template: TestDeps;
let world: AccessWorld;
accessWorldForFile((made) => ({ template, world } = made));

describe('which procedures are admin procedures', () => {
  it('finds the admin check on exactly the procedures that refuse a visitor as unauthenticated', async () => {
    const deps = await cloneTestDeps(template);
    try {
      const refusing: string[] = [];
      for (const { path } of procedures) {
        // A live input: a public procedure may well succeed with it, an admin one must refuse first.
        const outcome = await procedureOf(publicCaller(deps), path)(liveInput(world, path)).catch((error: unknown) => error);
        // auth.login answers UNAUTHORIZED too, for a wrong password: the session refusal has its own message.
        if (outcome instanceof TRPCError && outcome.code === 'UNAUTHORIZED' && outcome.message === 'Unauthenticated.') refusing.push(path);
      }
      expect(refusing.sort()).toEqual(adminProcedures.map((p) => p.path).sort());
      expect(refusing.length).toBeGreaterThan(30);
    } finally {
      await deps.cleanup();
    }
  });
});

describe('every admin procedure over HTTP', () => {
  it.each(adminProcedures.map((p) => [p.path, p] as const))(
    '%s refuses a visitor, an expired and a forged session with 401 and a cross-site call with 403, changing nothing, and answers a signed-in editor',
    async (path, { type }) => {
      const deps = await cloneTestDeps(template);
      const server = await startServer(deps);
      try {
        const input = liveInput(world, path);
        const conditions: Condition[] = [
          'no session',
          'expired session',
          'forged session',
          ...(type === 'mutation' ? (['no anti-forgery header'] as const) : []),
        ];
        for (const condition of conditions) {
          const { client, headers } = await clientIn(world, deps, server.url, condition);
          const except = condition === 'expired session' ? ['sessions'] : [];
          const before = await snapshot(deps, { except });
          const result = await trpcCall(client, type, path, input, headers);
          if (condition === 'no anti-forgery header') {
            expect({ status: result.status, code: result.error?.code, message: result.error?.message }, condition).toEqual({
              status: 403,
              code: 'FORBIDDEN',
              message: 'CSRF token mismatch.',
            });
          } else {
            expect({ status: result.status, code: result.error?.code, message: result.error?.message }, condition).toEqual({
              status: 401,
              code: 'UNAUTHORIZED',
              message: 'Unauthenticated.',
            });
          }
          if (condition !== 'no session')
            expect(client.cookies.has('session'), `${condition}: a dead session cookie is cleared`).toBe(condition === 'no anti-forgery header');
          expect(await snapshot(deps, { except }), `${condition}: nothing may change`).toEqual(before);
        }

        // The control: the very same call from a signed-in editor goes through.
        await prepareLive(deps, world, path);
        const { client, headers } = await clientIn(world, deps, server.url, 'signed in');
        const before = await snapshot(deps);
        const result = await trpcCall(client, type, path, liveInput(world, path), headers);
        if (ownRefusalExpected[path]) {
          expect(result.error?.message, 'refused by its own check, past the guard').toBe(ownRefusalExpected[path]);
          return;
        }
        expect(result.error, JSON.stringify(result.error)).toBeNull();
        expect(result.status).toBe(200);
        // Asking the browser for a passkey stores nothing: the challenge travels in a signed cookie.
        if (path === 'account.passkeyOptions') expect(client.cookies.has('passkey')).toBe(true);
        else if (type === 'mutation') expect(await snapshot(deps)).not.toEqual(before);
      } finally {
        await server.close();
        await deps.cleanup();
      }
    },
  );
});
