import { describe, expect, it } from 'vitest';
import { allContentKinds } from '../../src/shared/content-kinds.ts';
import { accessWorldForFile, clientIn, liveInput, type AccessWorld } from '../factories/access-world.ts';
import { cloneTestDeps } from '../setup/clone-deps.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { startServer } from '../setup/http.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { trpcCall } from '../setup/trpc-http.ts';

/**
 * The roles, reviewed procedure by procedure. Administrators alone: accounts (their second factors
 * too) and the activity log.
 * Writers: content (their own drafts; the writes check the rest), its revisions, the picture library
 * (browsing, to use its pictures), search without
 * visitors' stories, the dashboard's counts of what they may see, their own sessions and second factors.
 * Everything else signed-in is for editors and administrators.
 */
const adminOnly = [
  'audit.list',
  'users.list',
  'users.byId',
  'users.create',
  'users.update',
  'users.delete',
  // Another account's second factors, and whether every account must have one.
  'users.resetSecondFactor',
  'users.secondFactorPolicy',
  'users.requireSecondFactor',
].sort();
const writerAdmitted = [
  ...[...allContentKinds.map((info) => info.section), 'legal'].flatMap((section) =>
    ['adminList', 'adminById', 'create', 'update'].map((name) => `${section}.${name}`),
  ),
  'revisions.list',
  'revisions.compare',
  // The picture library, to use its pictures in her drafts; removing one is an editor's.
  'library.list',
  'search.admin',
  'dashboard.counts',
  'dashboard.scheduled',
  'auth.logoutEverywhere',
  'account.sessions',
  'account.endSession',
  // Her own bylines.
  'account.publicNames',
  'account.setPublicNames',
  // Her own second factors: every account may (and, when the site requires it, must) add one.
  'account.security',
  'account.totpStart',
  'account.totpConfirm',
  'account.recoveryCodesRenew',
  'account.totpDisable',
  'account.passkeyOptions',
  'account.passkeyAdd',
  'account.passkeyRename',
  'account.passkeyRemove',
].sort();

// On SQLite only: the role check is the procedure builders' middleware, which runs before any query
// and is the same on both engines; what the roles do with data (roles-writers, rest-roles) runs on both.
const guarded = allProcedures.filter((procedure) => procedure.guarded);
const ROLE_REFUSAL = { en: 'Your account’s role does not allow this.', fa: 'نقش حساب شما اجازهٔ این کار را نمی‌دهد.' };

let template: TestDeps;
let world: AccessWorld;
accessWorldForFile((made) => ({ template, world } = made));

describe('the roles read from the routers', () => {
  it('admits administrators alone to accounts and the activity log, and writers only to the reviewed procedures', () => {
    expect(
      guarded
        .filter((procedure) => procedure.roles!.join() === 'admin')
        .map((procedure) => procedure.path)
        .sort(),
    ).toEqual(adminOnly);
    expect(
      guarded
        .filter((procedure) => procedure.roles!.includes('writer'))
        .map((procedure) => procedure.path)
        .sort(),
    ).toEqual(writerAdmitted);
    // Every other signed-in procedure: editors and administrators.
    for (const procedure of guarded.filter((entry) => !adminOnly.includes(entry.path) && !writerAdmitted.includes(entry.path)))
      expect(procedure.roles, procedure.path).toEqual(['admin', 'editor']);
    expect(guarded.length).toBeGreaterThan(40);
  });
});

describe('every signed-in procedure over HTTP, for each role', () => {
  it.each(guarded.map((procedure) => [procedure.path, procedure] as const))('%s answers each role as its check says', async (path, { type, roles }) => {
    const deps = await cloneTestDeps(template);
    const server = await startServer(deps);
    try {
      for (const role of ['editor', 'writer'] as const) {
        const { client, headers } = await clientIn(world, deps, server.url, role);
        const before = await snapshot(deps);
        const result = await trpcCall(client, type, path, liveInput(world, path), headers);
        const outcome = { status: result.status, code: result.error?.code, message: result.error?.message };
        if (!roles!.includes(role)) {
          expect(outcome, role).toEqual({ status: 403, code: 'FORBIDDEN', message: ROLE_REFUSAL.en });
          expect(await snapshot(deps), `${role}: nothing may change`).toEqual(before);
        } else if (type === 'query') {
          expect(outcome, role).toEqual({ status: 200, code: undefined, message: undefined });
        } else {
          // Admitted: whatever the call's own rules answer (a writer's publish is refused by them), never the role check.
          expect(outcome.message, role).not.toBe(ROLE_REFUSAL.en);
        }
      }
    } finally {
      await server.close();
      await deps.cleanup();
    }
  });

  it('refuses in the caller’s language', async () => {
    const deps = await cloneTestDeps(template);
    const server = await startServer(deps);
    try {
      const { client, headers } = await clientIn(world, deps, server.url, 'writer');
      const result = await trpcCall(client, 'query', 'contacts.list', { page: 1, pageSize: 12 }, { ...headers, 'x-lang': 'fa' });
      expect({ status: result.status, message: result.error?.message }).toEqual({ status: 403, message: ROLE_REFUSAL.fa });
    } finally {
      await server.close();
      await deps.cleanup();
    }
  });
});
