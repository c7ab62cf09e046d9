import type { AnyProcedure } from '@trpc/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminProcedure, publicProcedure, publicWriteProcedure, router } from '../../src/server/trpc/procedures.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import { makeSubscriber, makeUser } from '../factories/index.ts';
import { callerForToken, expiredSessionToken, procedureOf, publicCaller, sessionTokenFor } from '../setup/callers.ts';
import { rejectionOf } from '../setup/errors.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { holdSession, trpcCall, trpcMutation, trpcQuery } from '../setup/trpc-http.ts';
import { rolesOf } from '../setup/procedure-walk.ts';

/**
 * The procedures open to visitors, reviewed one by one. Every other procedure must carry the admin
 * check: a new procedure is either added here on purpose or it is guarded, never forgotten.
 */
const reviewedPublic = [
  'auth.login',
  'auth.logout',
  'auth.me',
  // The second step of a sign-in: they answer only to the browser holding the pending sign-in a
  // right password started, or to a passkey that answers the challenge this browser holds.
  'auth.pendingSignIn',
  'auth.secondStep',
  'auth.passkeyOptions',
  'auth.passkeySignIn',
  'news.list',
  'news.byId',
  'articles.list',
  'articles.byId',
  'reports.list',
  'reports.byId',
  'gallery.list',
  'legal.list',
  'legal.byId',
  'stories.create',
  'stories.published',
  'stories.publishedById',
  'contacts.create',
  'newsletter.subscribe',
  'config.get',
  // Public items only, whoever asks (tests/api/search.test.ts); editors have search.admin.
  'search.query',
  // First-run setup: answers only while the site has no user, and only to the token the server printed.
  'setup.status',
  'setup.createAdmin',
].sort();

/** Every procedure of a router by dotted path, with its type and whether a sign-in check is in its chain. */
function classify(someRouter: { _def: { procedures: unknown } }) {
  return Object.entries(someRouter._def.procedures as Record<string, AnyProcedure>).map(([path, procedure]) => ({
    path,
    type: procedure._def.type as 'query' | 'mutation',
    guarded: rolesOf(procedure) !== null,
  }));
}

const procedures = classify(appRouter);
const adminProcedures = procedures.filter((p) => p.guarded);
const mutations = procedures.filter((p) => p.type === 'mutation');

describe('the router’s permissions', () => {
  it('guards every procedure that is not on the reviewed public list', () => {
    expect(
      procedures
        .filter((p) => !p.guarded)
        .map((p) => p.path)
        .sort(),
    ).toEqual(reviewedPublic);
  });

  it('tells a guarded procedure from an open one, whatever comes after the check', () => {
    const sample = router({
      open: publicProcedure.query(() => 1),
      openWrite: publicWriteProcedure.input(z.object({ id: z.number() })).mutation(() => 1),
      guarded: adminProcedure.query(() => 1),
      guardedWithMore: adminProcedure
        .use(({ next }) => next())
        .input(z.object({ id: z.number() }))
        .mutation(() => 1),
    });
    expect(classify(sample).map((p) => [p.path, p.guarded])).toEqual([
      ['open', false],
      ['openWrite', false],
      ['guarded', true],
      ['guardedWithMore', true],
    ]);
  });

  it('finds the admin check on the admin procedures it knows of', () => {
    const paths = adminProcedures.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'news.create',
        'users.delete',
        'newsletter.exportCsv',
        'dashboard.counts',
        'auth.logoutEverywhere',
        'stories.publish',
        'search.admin',
      ]),
    );
    expect(paths.length).toBe(procedures.length - reviewedPublic.length);
  });
});

describe('every admin procedure through createCaller', () => {
  let deps: TestDeps;
  beforeEach(() => {
    deps = createTestDeps();
  });
  afterEach(() => deps.cleanup());

  // The input is deliberately empty: the session is checked before the input, so a visitor learns nothing about its shape.
  it.each(adminProcedures.map((p) => [p.path]))('%s refuses a caller without a session with UNAUTHORIZED', async (path) => {
    const error = await rejectionOf(procedureOf(publicCaller(deps), path)({}));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe('Unauthenticated.');
  });

  it.each(adminProcedures.map((p) => [p.path]))('%s refuses an expired session with UNAUTHORIZED', async (path) => {
    const token = await expiredSessionToken(deps);
    const error = await rejectionOf(procedureOf(await callerForToken(deps, token), path)({}));
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('lets the same session through while it is still valid', async () => {
    const token = await sessionTokenFor(deps, await makeUser(deps));
    await expect((await callerForToken(deps, token)).dashboard.counts()).resolves.toMatchObject({ users: 1 });
  });
});

describe('every admin procedure over HTTP at /trpc', () => {
  let deps: TestDeps;
  let server: TestServer;
  let validToken: string;
  let expiredToken: string;
  beforeAll(async () => {
    deps = createTestDeps();
    server = await startServer(deps);
    const user = await makeUser(deps);
    validToken = await sessionTokenFor(deps, user);
    expiredToken = await expiredSessionToken(deps, user);
  });
  afterAll(async () => {
    await server.close();
    await deps.cleanup();
  });

  it.each(adminProcedures.map((p) => [p.path, p.type] as const))('%s answers 401 without a session cookie', async (path, type) => {
    const client = new CookieClient(server.url);
    const result = await trpcCall(client, type, path, {});
    expect(result.status).toBe(401);
    expect(result.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Unauthenticated.' });
  });

  it.each(adminProcedures.map((p) => [p.path, p.type] as const))('%s answers 401 to an expired session cookie and clears it', async (path, type) => {
    const client = new CookieClient(server.url);
    await holdSession(client, expiredToken);
    const result = await trpcCall(client, type, path, {}, client.xsrfHeaders());
    expect(result.status).toBe(401);
    expect(result.error?.code).toBe('UNAUTHORIZED');
    expect(client.cookies.has('session')).toBe(false);
  });

  it.each(mutations.map((p) => [p.path]))('%s refuses a session cookie without the X-XSRF-TOKEN header with 403', async (path) => {
    const client = new CookieClient(server.url);
    await holdSession(client, validToken);
    const result = await trpcMutation(client, path, {});
    expect(result.status).toBe(403);
    expect(result.error).toMatchObject({ code: 'FORBIDDEN', message: 'CSRF token mismatch.' });
  });

  it('refuses a header that does not repeat the cookie', async () => {
    const client = new CookieClient(server.url);
    await holdSession(client, validToken);
    const result = await trpcMutation(client, 'auth.logout', undefined, { 'X-XSRF-TOKEN': 'forged-token-value' });
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe('CSRF token mismatch.');
  });

  it('accepts an admin mutation that repeats the cookie in the header, URL-encoded as axios sends it', async () => {
    const email = await makeSubscriber(deps);
    const client = new CookieClient(server.url);
    await holdSession(client, validToken);
    const listed = await trpcQuery(client, 'newsletter.list', {});
    const subscriber = (listed.data as { items: { id: number; email: string }[] }).items.find((item) => item.email === email)!;
    const result = await trpcMutation(
      client,
      'newsletter.delete',
      { id: subscriber.id },
      { 'X-XSRF-TOKEN': encodeURIComponent(client.cookies.get('XSRF-TOKEN')!) },
    );
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ id: subscriber.id });
  });

  it('answers queries of a signed-in admin without the header, since reading changes nothing', async () => {
    const client = new CookieClient(server.url);
    await holdSession(client, validToken);
    const result = await trpcQuery(client, 'dashboard.counts');
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ users: 1 });
  });

  it('lets a visitor without a session cookie use public mutations without the header', async () => {
    const client = new CookieClient(server.url);
    const result = await trpcMutation(client, 'newsletter.subscribe', { email: 'visitor-without-session@example.org' });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ success: true });
  });
});
