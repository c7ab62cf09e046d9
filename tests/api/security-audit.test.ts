import { describe, expect, it } from 'vitest';
import { restRouter } from '../../src/server/rest/index.ts';
import { liveInput, accessWorldForFile, ownRefusalExpected, prepareLive, type AccessWorld } from '../factories/access-world.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { callerForToken, procedureOf, sessionTokenFor } from '../setup/callers.ts';
import { cloneTestDeps } from '../setup/clone-deps.ts';
import { CookieClient, startServer } from '../setup/http.ts';
import { restRoutes, routeName } from '../setup/rest-routes.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { holdSession, trpcMutation } from '../setup/trpc-http.ts';

const procedures = allProcedures;
// A call a live input cannot make succeed records nothing (tested below); passkeys.test.ts records a real passkeyAdd.
const adminMutations = procedures.filter((p) => p.guarded && p.type === 'mutation' && !ownRefusalExpected[p.path]).map((p) => p.path);

let template: TestDeps;
let world: AccessWorld;
accessWorldForFile((made) => ({ template, world } = made));

/** The trail as an editor reads it: through audit.list, oldest first. */
async function trail(deps: TestDeps) {
  const page = await (await callerForToken(deps, await sessionTokenFor(deps, world.admin))).audit.list({ pageSize: 50 });
  return [...page.items].reverse();
}

/** A deletion takes the item's title or name out of the entries about it (src/server/security/audit.ts); nothing else changes. */
function withLabelOfDeletedItemForgotten<Entry extends { action: string; targetId: number | null; summary: string | null }>(
  entry: Entry,
  path: string,
  id: unknown,
): Entry {
  if (!path.endsWith('.delete') || entry.targetId !== id) return entry;
  const namespace = path.slice(0, -'delete'.length);
  return entry.action.startsWith(namespace) || entry.action.startsWith('revisions.') ? { ...entry, summary: null } : entry;
}

describe('the audit log', () => {
  it.each(adminMutations)(
    'records %s by an editor, with who and when, and leaves every earlier entry as it was (a deleted item’s label forgotten)',
    async (path) => {
      const deps = await cloneTestDeps(template);
      try {
        await prepareLive(deps, world, path);
        const before = await trail(deps);
        const from = Date.now();
        await procedureOf(await callerForToken(deps, world.validToken), path)(liveInput(world, path));
        const after = await trail(deps);
        expect(after.slice(0, before.length)).toEqual(before.map((entry) => withLabelOfDeletedItemForgotten(entry, path, liveInput(world, path).id)));
        const added = after.slice(before.length);
        expect(added).toHaveLength(1);
        expect(added[0]).toMatchObject({ action: path, userId: world.admin.id, userEmail: world.admin.email });
        expect(added[0]!.at.getTime()).toBeGreaterThanOrEqual(from - 5);
        expect(added[0]!.at.getTime()).toBeLessThanOrEqual(Date.now());
        const input = liveInput(world, path);
        if (typeof input.id === 'number' && !path.endsWith('.create')) expect(added[0]!.targetId).toBe(input.id);
      } finally {
        await deps.cleanup();
      }
    },
  );

  it.each(Object.keys(ownRefusalExpected))('records nothing when %s is refused by its own check', async (path) => {
    const deps = await cloneTestDeps(template);
    try {
      const before = await trail(deps);
      await expect(procedureOf(await callerForToken(deps, world.validToken), path)(liveInput(world, path))).rejects.toThrow(ownRefusalExpected[path]!);
      expect(await trail(deps)).toEqual(before);
    } finally {
      await deps.cleanup();
    }
  });

  it('records sign-ins, failed sign-ins and sign-outs through both faces, never the password', async () => {
    const deps = await cloneTestDeps(template);
    const server = await startServer(deps);
    try {
      const editor = await makeUser(deps, { name: 'Audited editor' });
      const from = Date.now();
      const rest = new CookieClient(server.url);
      const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await rest.fetch('/api/login', json({ email: editor.email, password: 'not her password' }))).status).toBe(401);
      expect((await rest.fetch('/api/login', json({ email: 'nobody@example.org', password: 'whatever it is' }))).status).toBe(401);
      expect((await rest.fetch('/api/login', json({ email: editor.email, password: testPassword }))).status).toBe(200);
      expect((await rest.fetch('/api/admin/logout', { method: 'POST', headers: rest.xsrfHeaders() })).status).toBe(200);
      const trpc = new CookieClient(server.url);
      expect((await trpcMutation(trpc, 'auth.login', { email: editor.email, password: testPassword })).status).toBe(200);
      expect((await trpcMutation(trpc, 'auth.logout', undefined, trpc.xsrfHeaders())).status).toBe(200);
      const other = new CookieClient(server.url);
      await holdSession(other, await sessionTokenFor(deps, editor));
      expect((await trpcMutation(other, 'auth.logoutEverywhere', undefined, other.xsrfHeaders())).status).toBe(200);

      // A failed sign-in's entry carries the start of its hour (the window its attempts are counted in), not its moment.
      const hourStart = from - (from % 3_600_000);
      const entries = (await trail(deps)).filter((entry) => entry.at.getTime() >= (entry.action === 'auth.loginFailed' ? hourStart : from - 5));
      expect(entries.map(({ action, userId, userEmail }) => ({ action, userId, userEmail }))).toEqual([
        { action: 'auth.loginFailed', userId: editor.id, userEmail: editor.email },
        { action: 'auth.loginFailed', userId: null, userEmail: 'nobody@example.org' },
        { action: 'auth.login', userId: editor.id, userEmail: editor.email },
        { action: 'auth.logout', userId: editor.id, userEmail: editor.email },
        { action: 'auth.login', userId: editor.id, userEmail: editor.email },
        { action: 'auth.logout', userId: editor.id, userEmail: editor.email },
        { action: 'auth.logoutEverywhere', userId: editor.id, userEmail: editor.email },
      ]);
      for (const entry of entries) expect(entry.at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(JSON.stringify(entries)).not.toMatch(/not her password|whatever it is|correct horse/);
    } finally {
      await server.close();
      await deps.cleanup();
    }
  });

  it('can be read but not changed: audit.list is the only audit procedure, and GET admin/audit the only route', async () => {
    expect(procedures.filter((p) => /audit/i.test(p.path)).map(({ meta: _meta, ...rest }) => rest)).toEqual([
      { path: 'audit.list', type: 'query', guarded: true, roles: ['admin'] },
    ]);
    const probe = createTestDeps();
    try {
      expect(
        restRoutes(restRouter(probe))
          .filter((route) => /audit/i.test(route.path))
          .map(routeName),
      ).toEqual(['GET /admin/audit']);
    } finally {
      await probe.cleanup();
    }
  });
});
