import { describe, expect, it } from 'vitest';
import { accessWorldForFile, clientIn, liveRestFieldsFor, livePath, prepareLive, type AccessCondition, type AccessWorld } from '../factories/access-world.ts';
import { cloneTestDeps } from '../setup/clone-deps.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { startServer, type CookieClient } from '../setup/http.ts';
import { declaredRestRoutes, routeName, type RestRoute } from '../setup/rest-routes.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { imageBlob } from './rest-kit.ts';

/**
 * The REST routes open to visitors, reviewed one by one. Every other route the shims declare is
 * walked by the matrix below: a route added later is guarded or it fails here, never forgotten.
 */
const reviewedPublic = [
  'POST /login',
  // The second step of a sign-in: it answers only to the browser holding the pending sign-in its password started (two-factor-rest).
  'POST /login/two-factor',
  // Ends the caller's own session, if there is one: nothing of anyone else's to protect (tested below).
  'POST /admin/logout',
  'POST /logout',
  'POST /subscribe',
  'GET /config',
  'GET /news',
  'GET /news/:id',
  'GET /articles',
  'GET /article',
  'GET /articles/:id',
  'GET /article/:id',
  'GET /report',
  'GET /reports',
  'GET /report/:id',
  'GET /reports/:id',
  'GET /gallery',
  'GET /awareness',
  'GET /awareness/:id',
  // Public items only, whoever asks (tests/api/search.test.ts).
  'GET /search',
  'POST /story',
  'POST /stories',
  'POST /contact',
].sort();

/** Open to visitors, but an editor's session adds the moderation queue and its `status` field. */
const visitorView = ['GET /story', 'GET /stories', 'GET /story/:id', 'GET /stories/:id'].sort();

const declared: RestRoute[] = await declaredRestRoutes();
const matrix = declared.filter((route) => !reviewedPublic.includes(routeName(route)) && !visitorView.includes(routeName(route)));
const stateChanging = (route: RestRoute) => route.method !== 'GET';

type Condition = AccessCondition;
type Encoding = 'multipart' | 'urlencoded' | 'none';

let template: TestDeps;
let world: AccessWorld;
accessWorldForFile((made) => ({ template, world } = made));

async function bodyFor(encoding: Encoding, route: RestRoute): Promise<BodyInit | undefined> {
  if (encoding === 'none') return undefined;
  const fields = liveRestFieldsFor(route.path, world);
  if (encoding === 'urlencoded') return new URLSearchParams(fields);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', await imageBlob('png'), 'image.png');
  form.append('media', await imageBlob('png'), 'media.png');
  return form;
}

async function send(client: CookieClient, route: RestRoute, encoding: Encoding, headers: Record<string, string>) {
  const response = await client.fetch(livePath(world, route.path), {
    method: route.method,
    headers: { accept: 'application/json', ...headers },
    body: await bodyFor(encoding, route),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

describe('the REST route table', () => {
  it('lists every declared route either as reviewed public, as a visitor view, or in the admin matrix', () => {
    const names = declared.map(routeName);
    for (const name of [...reviewedPublic, ...visitorView]) expect(names, `${name} is no longer declared`).toContain(name);
    expect(matrix.length).toBeGreaterThan(40);
  });

  it('puts every route under admin/ in the matrix, with POST awareness and GET user, the guarded routes without the prefix', () => {
    const admin = declared.filter((route) => route.path.startsWith('/admin/') && !route.path.endsWith('/logout')).map(routeName);
    expect(matrix.map(routeName)).toEqual(expect.arrayContaining(admin));
    expect(
      matrix
        .filter((route) => !route.path.startsWith('/admin/'))
        .map(routeName)
        .sort(),
    ).toEqual(['GET /user', 'POST /awareness']);
  });
});

describe('every admin REST route', () => {
  it.each(matrix.map((route) => [routeName(route), route] as const))(
    '%s answers 401 without a valid session and 419 without the anti-forgery header, changing nothing, while a signed-in editor gets through',
    async (_name, route) => {
      const deps = await cloneTestDeps(template);
      const server = await startServer(deps);
      try {
        const encodings: Encoding[] = stateChanging(route) && route.method === 'POST' ? ['multipart', 'urlencoded'] : ['none'];
        const conditions: Condition[] = [
          'no session',
          'expired session',
          'forged session',
          ...(stateChanging(route) ? (['no anti-forgery header'] as const) : []),
        ];
        for (const encoding of encodings) {
          for (const condition of conditions) {
            const { client, headers } = await clientIn(world, deps, server.url, condition);
            // Presenting an expired session deletes its row: that change is expected, nothing else.
            const except = condition === 'expired session' ? ['sessions'] : [];
            const before = await snapshot(deps, { except });
            const answer = await send(client, route, encoding, headers);
            const label = `${condition}, ${encoding} body`;
            if (condition === 'no anti-forgery header') {
              expect(answer, label).toEqual({ status: 419, body: { message: 'CSRF token mismatch.' } });
            } else {
              expect(answer, label).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
            }
            expect(await snapshot(deps, { except }), `${label}: nothing may change`).toEqual(before);
          }
        }

        // The control: the same request from a signed-in editor is answered, so the refusals above were the guard's.
        await prepareLive(deps, world, routeName(route));
        const { client, headers } = await clientIn(world, deps, server.url, 'signed in');
        const first = await send(client, route, encodings[0]!, headers);
        // A DELETE that reads a body (DELETE admin/account/totp: her password) gets one the second time.
        const answered = first.status < 300 ? first : await send(client, route, encodings[1] ?? (route.method === 'DELETE' ? 'urlencoded' : 'none'), headers);
        expect(answered.status, JSON.stringify(answered.body)).toBeLessThan(300);
      } finally {
        await server.close();
        await deps.cleanup();
      }
    },
  );
});

describe('the story routes an editor sees more of', () => {
  it.each(visitorView.filter((name) => !name.endsWith(':id')))(
    '%s shows a visitor, an expired or a forged session only published stories, without their moderation status',
    async (name) => {
      const route = declared.find((r) => routeName(r) === name)!;
      const deps = await cloneTestDeps(template);
      const server = await startServer(deps);
      try {
        for (const condition of ['no session', 'expired session', 'forged session'] as const) {
          const { client, headers } = await clientIn(world, deps, server.url, condition);
          const answer = await send(client, route, 'none', headers);
          expect(answer.status, condition).toBe(200);
          const items = (answer.body as { data: Record<string, unknown>[] }).data;
          expect(
            items.map((item) => item.id),
            condition,
          ).toEqual([world.ids.publishedStory]);
          for (const item of items) expect(item, condition).not.toHaveProperty('status');
        }
        const { client, headers } = await clientIn(world, deps, server.url, 'signed in');
        const queue = (await send(client, route, 'none', headers)).body as { data: Record<string, unknown>[] };
        expect(queue.data.map((item) => item.id).sort()).toEqual([world.ids.story, world.ids.publishedStory].sort());
        expect(queue.data.every((item) => item.status === 'pending' || item.status === 'published')).toBe(true);
      } finally {
        await server.close();
        await deps.cleanup();
      }
    },
  );

  it.each(visitorView.filter((name) => name.endsWith(':id')))('%s answers 404 for a pending story unless an editor asks', async (name) => {
    const route = declared.find((r) => routeName(r) === name)!;
    const deps = await cloneTestDeps(template);
    const server = await startServer(deps);
    try {
      for (const condition of ['no session', 'expired session', 'forged session'] as const) {
        const { client, headers } = await clientIn(world, deps, server.url, condition);
        expect((await send(client, route, 'none', headers)).status, condition).toBe(404);
      }
      const { client, headers } = await clientIn(world, deps, server.url, 'signed in');
      expect(await send(client, route, 'none', headers)).toMatchObject({ status: 200, body: { id: world.ids.story, status: 'pending' } });
    } finally {
      await server.close();
      await deps.cleanup();
    }
  });
});

describe('POST admin/logout, open to anyone', () => {
  it('changes nothing for a visitor or a forged session, and refuses a signed-in browser without the header with 419', async () => {
    const deps = await cloneTestDeps(template);
    const server = await startServer(deps);
    try {
      const route = { method: 'POST', path: '/admin/logout' };
      for (const condition of ['no session', 'forged session'] as const) {
        const { client, headers } = await clientIn(world, deps, server.url, condition);
        const before = await snapshot(deps);
        expect((await send(client, route, 'urlencoded', headers)).status, condition).toBe(200);
        expect(await snapshot(deps), condition).toEqual(before);
      }
      const { client, headers } = await clientIn(world, deps, server.url, 'no anti-forgery header');
      const before = await snapshot(deps);
      expect(await send(client, route, 'none', headers)).toEqual({ status: 419, body: { message: 'CSRF token mismatch.' } });
      expect(await snapshot(deps)).toEqual(before);
      expect((await client.fetch('/api/admin/user')).status).toBe(200);
    } finally {
      await server.close();
      await deps.cleanup();
    }
  });
});
