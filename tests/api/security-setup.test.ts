import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../src/server/db/schema.ts';
import { armSetupToken } from '../../src/server/routers/setup.ts';
import { makeUser } from '../factories/index.ts';
import { publicCaller } from '../setup/callers.ts';
import { CookieClient, type TestServer } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { trpcMutation, trpcQuery } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();
const freshSite = () => sites.site();
const newAdmin = { name: 'First editor', email: 'first@example.org', password: 'a long enough password' };
const status = async (server: TestServer) => (await trpcQuery(new CookieClient(server.url), 'setup.status')).data;
const createAdmin = (client: CookieClient, token: string) => trpcMutation(client, 'setup.createAdmin', { ...newAdmin, token });

describe('first-run setup over HTTP', () => {
  it('is not needed on an empty site whose server armed no token', async () => {
    const { server } = await freshSite();
    expect(await status(server)).toEqual({ needed: false });
  });

  it('is needed while the site has no user and a token is armed, and no longer once a user exists', async () => {
    const { deps, server } = await freshSite();
    // As the server does when it starts listening on a site without users.
    expect(await armSetupToken(deps)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await status(server)).toEqual({ needed: true });
    await makeUser(deps);
    // A user made outside the procedures (a script sharing the connection) changes no cached read: ask directly.
    await expect(publicCaller(deps).setup.status()).resolves.toEqual({ needed: false });
    expect(await armSetupToken(deps)).toBeNull();
  });

  it('refuses every call while no token is armed, even on an empty site', async () => {
    const { deps, server } = await freshSite();
    const result = await createAdmin(new CookieClient(server.url), 'x'.repeat(32));
    expect(result).toMatchObject({ status: 403, error: { code: 'FORBIDDEN' } });
    expect(await deps.db.select().from(users)).toEqual([]);
  });

  it('refuses a wrong token with FORBIDDEN, creates no one and signs no one in', async () => {
    const { deps, server } = await freshSite();
    const token = (await armSetupToken(deps))!;
    const browser = new CookieClient(server.url);
    for (const guess of ['wrong-token', token.slice(0, -1), `${token}x`, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()]) {
      const result = await createAdmin(browser, guess);
      expect(result.status, guess).toBe(403);
      expect(result.error).toMatchObject({ code: 'FORBIDDEN', message: 'This setup link is not valid. Use the link printed by the server at start.' });
    }
    expect(await deps.db.select().from(users)).toEqual([]);
    expect(await deps.db.select().from(sessions)).toEqual([]);
    expect(browser.cookies.has('session')).toBe(false);
    // A wrong guess does not disarm the token: the owner's link still works.
    expect(await status(server)).toEqual({ needed: true });
  });

  it('creates the administrator and signs her in with the right token, then refuses everything with NOT_FOUND', async () => {
    const { deps, server } = await freshSite();
    const token = (await armSetupToken(deps))!;
    const browser = new CookieClient(server.url);
    const created = await createAdmin(browser, token);
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: newAdmin.name, email: newAdmin.email, role: 'admin' });
    expect(await (await browser.fetch('/api/admin/user')).json()).toMatchObject({ email: newAdmin.email, role: 'Admin' });
    expect(await deps.db.select({ action: auditLog.action, userEmail: auditLog.userEmail }).from(auditLog)).toEqual([
      { action: 'setup.createAdmin', userEmail: newAdmin.email },
    ]);

    for (const [who, client, attempt] of [
      ['the same token again', new CookieClient(server.url), token],
      ['a wrong token', new CookieClient(server.url), 'wrong-token'],
      ['the new administrator herself', browser, token],
    ] as const) {
      const result = await trpcMutation(client, 'setup.createAdmin', { ...newAdmin, email: 'second@example.org', token: attempt }, client.xsrfHeaders());
      expect(result.status, who).toBe(404);
      expect(result.error, who).toMatchObject({ code: 'NOT_FOUND', message: 'The site already has an administrator.' });
    }
    expect(await status(server)).toEqual({ needed: false });
    expect(await deps.db.select({ email: users.email }).from(users)).toEqual([{ email: newAdmin.email }]);
  });

  it('hands the site to only one of two requests that race with the right token', async () => {
    const { deps, server } = await freshSite();
    const token = (await armSetupToken(deps))!;
    const answers = await Promise.all([createAdmin(new CookieClient(server.url), token), createAdmin(new CookieClient(server.url), token)]);
    const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
    expect(won!.status).toBe(200);
    // The other is refused either way: its token was already taken (403), or, when it was looked at
    // only after the first had finished (a busy machine, or its visitor's budget holding it), the
    // site already had its administrator (404).
    expect([403, 404]).toContain(lost!.status);
    expect(lost!.error).toMatchObject({ code: lost!.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND' });
    expect(await deps.db.select().from(users)).toHaveLength(1);
  });
});
