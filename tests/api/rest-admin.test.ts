import { describe, expect, it } from 'vitest';
import { makeContent, makeUser, testPassword } from '../factories/index.ts';
import { get, isoDate, json, sendForm, sendJson, signIn, useRestServer, visitor } from './rest-kit.ts';

describe('REST user administration', () => {
  const world = useRestServer();

  it('lists users with GET admin/users in the paginator, each with the role Admin', async () => {
    const { client, user } = await signIn(world);
    const other = await makeUser(world.deps, { name: 'Second editor' });
    const response = await get(client, '/api/admin/users');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      data: [
        { id: user.id, name: user.name, email: user.email, role: 'Admin', created_at: isoDate },
        { id: other.id, name: 'Second editor', email: other.email, role: 'Admin', created_at: isoDate },
      ],
      current_page: 1,
      last_page: 1,
      per_page: 12,
      total: 2,
      from: 1,
      to: 2,
    });
    expect(await json(await get(client, `/api/admin/users/${other.id}`))).toMatchObject({ id: other.id, role: 'Admin' });
  });

  it('adds a user with POST admin/register and the original role "Admin", who can then sign in', async () => {
    const { client } = await signIn(world);
    const response = await sendJson(client, 'POST', '/api/admin/register', {
      name: 'Leila',
      email: 'Leila@Example.org',
      password: 'a long enough password',
      role: 'Admin',
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({
      success: true,
      data: { id: expect.any(Number), name: 'Leila', email: 'leila@example.org', role: 'Admin', created_at: isoDate },
    });

    const newcomer = await visitor(world);
    const login = await sendJson(newcomer, 'POST', '/api/login', { email: 'leila@example.org', password: 'a long enough password' });
    expect((await json(login)).data).toMatchObject({ name: 'Leila', role: 'Admin' });
  });

  it('answers an invalid or duplicate user with 422 naming each field', async () => {
    const { client, user } = await signIn(world);
    const invalid = await sendJson(client, 'POST', '/api/admin/register', { name: '', email: 'nope', password: 'short', role: 'Owner' });
    expect(invalid.status).toBe(422);
    expect((await json(invalid)).errors).toEqual({
      name: ['This field is required.'],
      email: ['Enter a valid e-mail address.'],
      password: ['The password must be at least 10 characters long.'],
      role: ['Choose one of the offered options.'],
    });
    const duplicate = await sendJson(client, 'POST', '/api/admin/register', { name: 'Copy', email: user.email, password: testPassword, role: 'Admin' });
    expect(duplicate.status).toBe(422);
    expect((await json(duplicate)).errors).toEqual({ email: ['A user with this e-mail address already exists.'] });
  });

  it('updates a user with POST admin/users/{id} from the fields sent', async () => {
    const { client } = await signIn(world);
    const other = await makeUser(world.deps);
    const response = await sendJson(client, 'POST', `/api/admin/users/${other.id}`, { name: 'Renamed', email: '', password: '' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, data: { id: other.id, name: 'Renamed', email: other.email, role: 'Admin', created_at: isoDate } });
    expect((await sendJson(client, 'POST', '/api/admin/users/9999', { name: 'x' })).status).toBe(404);
  });

  it('deletes a user with DELETE admin/users/{id}, but never the signed-in one', async () => {
    const { client, user } = await signIn(world);
    const other = await makeUser(world.deps);
    expect(await json(await sendJson(client, 'DELETE', `/api/admin/users/${other.id}`))).toEqual({ success: true, message: 'Deleted successfully.' });
    const again = await sendJson(client, 'DELETE', `/api/admin/users/${other.id}`);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ message: 'User not found.' });
    const self = await sendJson(client, 'DELETE', `/api/admin/users/${user.id}`);
    expect(self.status).toBe(400);
    expect(await json(self)).toEqual({ message: 'You cannot delete your own account.' });
  });

  it('answers every user call without a session with 401', async () => {
    const client = await visitor(world);
    expect((await get(client, '/api/admin/users')).status).toBe(401);
    expect((await sendJson(client, 'POST', '/api/admin/register', { name: 'x', email: 'x@example.org', password: testPassword, role: 'Admin' })).status).toBe(
      401,
    );
    expect((await sendJson(client, 'POST', '/api/admin/users/1', { name: 'x' })).status).toBe(401);
    expect((await sendJson(client, 'DELETE', '/api/admin/users/1')).status).toBe(401);
  });
});

describe('REST contact inbox, subscribers and dashboard', () => {
  const world = useRestServer();

  async function sendContact(name: string) {
    const response = await sendForm(await visitor(world), '/api/contact', { name, email: `${name.toLowerCase()}@example.org`, message: `From ${name}` });
    expect(response.status).toBe(201);
  }

  it('reads, marks and deletes contact messages with the admin/contacts calls', async () => {
    await sendContact('Sara');
    await sendContact('Nasrin');
    const { client } = await signIn(world);
    const pending = await json(await get(client, '/api/admin/contacts'));
    expect(pending).toMatchObject({ current_page: 1, total: 2 });
    const [nasrin, sara] = pending.data;
    expect(nasrin).toEqual({
      id: expect.any(Number),
      name: 'Nasrin',
      email: 'nasrin@example.org',
      message: 'From Nasrin',
      image: null,
      status: 'pending',
      created_at: isoDate,
    });
    expect(await json(await get(client, `/api/admin/contacts/${sara.id}`))).toEqual(sara);

    const marked = await sendJson(client, 'POST', `/api/admin/contacts/${sara.id}/status`, { status: 'read' });
    expect(await json(marked)).toEqual({ success: true, data: { ...sara, status: 'read' } });
    expect((await json(await get(client, '/api/admin/contacts?page=1&status=pending'))).data).toEqual([nasrin]);
    expect((await json(await get(client, '/api/admin/contacts?status=read'))).data.map((c: { id: number }) => c.id)).toEqual([sara.id]);

    expect(await json(await sendJson(client, 'DELETE', `/api/admin/contacts/${sara.id}`))).toEqual({ success: true, message: 'Deleted successfully.' });
    expect((await get(client, `/api/admin/contacts/${sara.id}`)).status).toBe(404);
    expect((await sendJson(client, 'DELETE', `/api/admin/contacts/${sara.id}`)).status).toBe(404);
  });

  it('answers an unknown contact status with 422 naming status, and the inbox without a session with 401', async () => {
    await sendContact('Mina');
    const { client } = await signIn(world);
    const [mina] = (await json(await get(client, '/api/admin/contacts'))).data;
    const response = await sendJson(client, 'POST', `/api/admin/contacts/${mina.id}/status`, { status: 'spam' });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ status: ['Choose one of the offered options.'] });
    expect(Object.keys((await json(await get(client, '/api/admin/contacts?status=spam'))).errors)).toEqual(['status']);
    const anonymous = await visitor(world);
    expect((await get(anonymous, '/api/admin/contacts')).status).toBe(401);
    expect((await get(anonymous, `/api/admin/contacts/${mina.id}`)).status).toBe(401);
  });

  it('lists, exports as a CSV download and deletes newsletter subscribers', async () => {
    const reader = await visitor(world);
    for (const email of ['one@example.org', '+cmd@example.org']) await sendJson(reader, 'POST', '/api/subscribe', { email });
    const { client } = await signIn(world);
    const list = await json(await get(client, '/api/admin/subscribers?per_page=1'));
    expect(list).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });

    const csv = await client.fetch('/api/admin/subscribers/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?subscribers-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at,state,language');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['one@example.org', "'+cmd@example.org"]);

    const removal = await sendJson(client, 'DELETE', `/api/admin/subscribers/${list.data[0].id}`);
    expect(await json(removal)).toEqual({ success: true, message: 'Deleted successfully.' });
    expect((await json(await get(client, '/api/admin/subscribers'))).total).toBe(1);
    expect((await get(await visitor(world), '/api/admin/subscribers/export')).status).toBe(401);
  });

  it('counts every kind of item with GET admin/dashboard', async () => {
    await makeContent(world.deps, 'news');
    await makeContent(world.deps, 'report');
    await sendContact('Roya');
    const { client } = await signIn(world);
    expect(await json(await get(client, '/api/admin/dashboard'))).toEqual({
      news: 1,
      articles: 0,
      reports: 1,
      gallery: 0,
      awareness: 0,
      users: 3,
      contacts: 1,
      contacts_pending: 1,
      stories: 0,
      stories_pending: 0,
      subscribers: 0,
    });
    expect((await get(await visitor(world), '/api/admin/dashboard')).status).toBe(401);
  });

  it('shows what editors changed through REST in GET admin/audit', async () => {
    const { client, user } = await signIn(world);
    await sendJson(client, 'POST', '/api/admin/register', { name: 'Audited', email: 'audited@example.org', password: testPassword, role: 'Admin' });
    const trail = await json(await get(client, '/api/admin/audit'));
    expect(trail.data[0]).toMatchObject({ id: expect.any(Number), at: isoDate, user_id: user.id, user_email: user.email, action: 'users.create' });
    expect((await get(await visitor(world), '/api/admin/audit')).status).toBe(401);
  });

  it('gives the public site settings with GET config', async () => {
    const response = await get(await visitor(world), '/api/config');
    expect(await json(response)).toEqual({ facebook_url: null, twitter_url: null, contact_email: null, public_url: null });
  });
});
