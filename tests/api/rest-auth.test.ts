import { describe, expect, it } from 'vitest';
import { makeUser, testPassword } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { get, json, sendJson, signIn, useRestServer, visitor } from './rest-kit.ts';

describe('REST sign-in and the Sanctum CSRF flow', () => {
  const world = useRestServer();

  it('answers GET /sanctum/csrf-cookie with 204 and a script-readable XSRF-TOKEN cookie, at the root and under /api', async () => {
    for (const pathname of ['/sanctum/csrf-cookie', '/api/sanctum/csrf-cookie']) {
      const client = new CookieClient(world.server.url);
      const response = await client.fetch(pathname);
      expect(response.status).toBe(204);
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/HttpOnly/i);
      expect(client.cookies.get('XSRF-TOKEN')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    }
  });

  it('signs in with POST /api/login and answers status true with the user', async () => {
    const user = await makeUser(world.deps, { name: 'Maryam' });
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/login', { email: user.email.toUpperCase(), password: testPassword });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: true, data: { id: user.id, name: 'Maryam', email: user.email, role: 'Admin' } });
    const sessionCookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a wrong password with 401, status false and the message the login screen shows', async () => {
    const user = await makeUser(world.deps);
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/login', { email: user.email, password: 'not the password' });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ status: false, message: 'The e-mail address or password is incorrect.' });
    expect(client.cookies.has('session')).toBe(false);
  });

  it('answers a login without e-mail or password with 422 naming both fields', async () => {
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/login', { email: '', password: '' });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.success).toBe(false);
    expect(body.message).toBe('Please correct the highlighted fields.');
    expect(body.errors).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('accepts the login form urlencoded as well as JSON', async () => {
    const user = await makeUser(world.deps);
    const client = await visitor(world);
    const response = await client.fetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...client.xsrfHeaders() },
      body: new URLSearchParams({ email: user.email, password: testPassword }).toString(),
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data.id).toBe(user.id);
  });

  it('answers GET /api/admin/user with the signed-in user, and 401 Unauthenticated without a session', async () => {
    const anonymous = await visitor(world);
    const refused = await get(anonymous, '/api/admin/user');
    expect(refused.status).toBe(401);
    expect(await json(refused)).toEqual({ message: 'Unauthenticated.' });

    const { client, user } = await signIn(world);
    const response = await get(client, '/api/admin/user');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: user.id, name: user.name, email: user.email, role: 'Admin' });
  });

  it('signs out with POST /api/admin/logout, answering status true, after which the user check answers 401', async () => {
    const { client } = await signIn(world);
    const response = await sendJson(client, 'POST', '/api/admin/logout');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: true });
    expect(client.cookies.has('session')).toBe(false);
    expect((await get(client, '/api/admin/user')).status).toBe(401);
  });

  it('refuses a state-changing call that carries a session cookie without the X-XSRF-TOKEN header with 419', async () => {
    const { client } = await signIn(world);
    const response = await sendJson(client, 'POST', '/api/admin/logout', undefined, {});
    expect(response.status).toBe(419);
    expect(await json(response)).toEqual({ message: 'CSRF token mismatch.' });
    expect((await get(client, '/api/admin/user')).status).toBe(200);
  });

  it('refuses a state-changing call whose X-XSRF-TOKEN header does not match the cookie with 419', async () => {
    const { client } = await signIn(world);
    const response = await sendJson(client, 'DELETE', '/api/admin/news/1', undefined, { 'X-XSRF-TOKEN': 'forged-token-value' });
    expect(response.status).toBe(419);
    expect(await json(response)).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('localizes messages from X-Lang, the lang cookie or Accept-Language', async () => {
    const client = await visitor(world);
    const persian = 'ایمیل یا گذرواژه نادرست است.';
    const byHeader = await sendJson(client, 'POST', '/api/login', { email: 'nobody@example.org', password: 'x' }, { 'X-Lang': 'fa' });
    expect((await json(byHeader)).message).toBe(persian);
    const byAcceptLanguage = await sendJson(
      client,
      'POST',
      '/api/login',
      { email: 'nobody@example.org', password: 'x' },
      { 'Accept-Language': 'fa-IR,fa;q=0.9' },
    );
    expect((await json(byAcceptLanguage)).message).toBe(persian);
    client.cookies.set('lang', 'fa');
    expect(await json(await get(client, '/api/admin/user'))).toEqual({ message: 'ابتدا وارد شوید.' });
  });

  it('answers unknown API paths with a JSON 404, never the HTML app', async () => {
    const client = await visitor(world);
    const response = await get(client, '/api/no-such-endpoint');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'The item was not found.' });
  });

  it('answers a malformed JSON body with 400 in JSON', async () => {
    const client = await visitor(world);
    const response = await client.fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'This value is not valid.' });
  });
});
