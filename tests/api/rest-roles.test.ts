import { describe, expect, it } from 'vitest';
import { accessWorldForFile, clientIn, liveRestFieldsFor, livePath, type AccessWorld } from '../factories/access-world.ts';
import { cloneTestDeps } from '../setup/clone-deps.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { startServer } from '../setup/http.ts';
import { declaredRestRoutes, routeName, type RestRoute } from '../setup/rest-routes.ts';
import type { TestDeps } from '../setup/test-db.ts';

/**
 * The REST routes each role is refused, reviewed: a route added later shows up here. Writers may
 * only read and write content (their own drafts: the procedures check that) and end their sessions.
 */
const refusedToEditors = [
  'GET /admin/audit',
  'GET /admin/users',
  'GET /admin/users/:id',
  'POST /admin/register',
  'POST /admin/users',
  'POST /admin/users/:id',
  'DELETE /admin/users/:id',
];
const contentPaths = ['news', 'article', 'articles', 'report', 'reports', 'awareness'];
const refusedToWriters = [
  ...refusedToEditors,
  ...['GET /admin/contacts', 'GET /admin/contacts/:id', 'POST /admin/contacts/:id/status', 'DELETE /admin/contacts/:id'],
  ...['GET /admin/subscribers', 'GET /admin/subscribers/export', 'DELETE /admin/subscribers/:id'],
  ...['POST /admin/newsletters', 'POST /admin/newsletters/:id/send', 'GET /admin/newsletters/:id'],
  ...['story', 'stories'].flatMap((path) => [
    `GET /admin/${path}`,
    `GET /admin/${path}/:id`,
    `POST /admin/${path}/:id/publish`,
    `POST /admin/${path}/:id/unpublish`,
    `DELETE /admin/${path}/:id`,
  ]),
  ...['POST /admin/gallery', 'POST /admin/gallery/:id', 'DELETE /admin/gallery/:id'],
  ...contentPaths.map((path) => `DELETE /admin/${path}/:id`),
];
/**
 * Admitted, but refused by a writer's own rules: the items of the test site are published and not
 * hers, and the original create form names no status, which would publish at once.
 */
const writersRules = [...contentPaths.map((path) => `POST /admin/${path}/:id`), 'POST /admin/awareness'];

const declared: RestRoute[] = await declaredRestRoutes();

let template: TestDeps;
let world: AccessWorld;
accessWorldForFile((made) => ({ template, world } = made));

/** Each signed-in route called once by the role with the original forms' fields; the routes it is refused, with their answers. */
async function refusedRoutes(role: 'editor' | 'writer', lang: 'en' | 'fa' = 'en') {
  const deps = await cloneTestDeps(template);
  const server = await startServer(deps);
  const refused: Record<string, unknown> = {};
  try {
    // Signing out (here, or everywhere: which would end the session the next calls use) is every account's own business.
    for (const route of declared.filter((entry) => entry.path.startsWith('/admin/') && !/\/logout(-everywhere)?$/.test(entry.path))) {
      const { client, headers } = await clientIn(world, deps, server.url, role);
      const before = await snapshot(deps);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : new URLSearchParams(liveRestFieldsFor(route.path));
      const response = await client.fetch(livePath(world, route.path), {
        method: route.method,
        headers: { accept: 'application/json', 'x-lang': lang, ...headers },
        body,
      });
      if (response.status !== 403) continue;
      refused[routeName(route)] = await response.json();
      expect(await snapshot(deps), `${routeName(route)}: nothing may change`).toEqual(before);
    }
  } finally {
    await server.close();
    await deps.cleanup();
  }
  return refused;
}

describe('REST routes for each role', () => {
  it('refuse an editor accounts and the activity log, with 403 and the original error shape', async () => {
    const refused = await refusedRoutes('editor');
    const expected = declared.map(routeName).filter((name) => refusedToEditors.includes(name));
    expect(Object.keys(refused).sort()).toEqual(expected.sort());
    for (const answer of Object.values(refused)) expect(answer).toEqual({ success: false, message: 'Your account’s role does not allow this.' });
  });

  it('refuse a writer everything visitors sent, the gallery, moderation, deletions and accounts, in her language', async () => {
    const refused = await refusedRoutes('writer', 'fa');
    const names = declared.map(routeName);
    expect(Object.keys(refused).sort()).toEqual(names.filter((name) => refusedToWriters.includes(name) || writersRules.includes(name)).sort());
    for (const name of names.filter((entry) => refusedToWriters.includes(entry)))
      expect(refused[name], name).toEqual({ success: false, message: 'نقش حساب شما اجازهٔ این کار را نمی‌دهد.' });
    expect(refused['POST /admin/news/:id']).toEqual({ success: false, message: 'نویسندگان فقط پیش‌نویس‌های خودشان را ویرایش می‌کنند.' });
    expect(refused['POST /admin/awareness']).toEqual({
      success: false,
      message: 'نویسندگان پیش‌نویس ذخیره می‌کنند و برای بازبینی می‌فرستند؛ ویراستار آن را منتشر می‌کند.',
    });
  });

  it('let an administrator add an editor or a writer with POST admin/register, and answer each user’s role', async () => {
    const deps = await cloneTestDeps(template);
    const server = await startServer(deps);
    try {
      const { client, headers } = await clientIn(world, deps, server.url, 'signed in');
      const register = (role: string, email: string) =>
        client.fetch('/api/admin/register', {
          method: 'POST',
          headers: { accept: 'application/json', ...headers },
          body: new URLSearchParams({ name: `A ${role}`, email, password: 'a long enough password', role }),
        });
      const writer = await register('writer', 'new-writer@example.org');
      expect(writer.status).toBe(201);
      expect(((await writer.json()) as { data: unknown }).data).toMatchObject({ email: 'new-writer@example.org', role: 'Writer' });
      expect((await register('Editor', 'new-editor@example.org')).status).toBe(201);
      expect((await register('owner', 'nobody@example.org')).status).toBe(422);
      const list = (await (await client.fetch('/api/admin/users?per_page=50', { headers: { accept: 'application/json' } })).json()) as {
        data: { email: string; role: string }[];
      };
      const roleOf = Object.fromEntries(list.data.map((user) => [user.email, user.role]));
      expect([roleOf['new-writer@example.org'], roleOf['new-editor@example.org'], roleOf[world.admin.email]]).toEqual(['Writer', 'Editor', 'Admin']);
    } finally {
      await server.close();
      await deps.cleanup();
    }
  });
});
