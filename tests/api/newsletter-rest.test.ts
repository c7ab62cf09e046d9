import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent, makeUser } from '../factories/index.ts';
import { CookieClient, type TestServer } from '../setup/http.ts';
import { drain, editionsTo, insertConfirmedReaders, servedMailSiteForAllTests } from '../setup/newsletter-kit.ts';
import type { TestSmtp } from '../setup/smtp.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { isoDate, json, sendForm, sendJson } from './rest-kit.ts';
import { publicCaller } from '../setup/callers.ts';

/** One site for the file; the editor signs in as the original client does (POST /api/login). */
const site = servedMailSiteForAllTests();
let deps: TestDeps;
let smtp: TestSmtp;
let server: TestServer;
let editor: CookieClient;
beforeAll(async () => {
  ({ deps, smtp, server } = site);
  const user = await makeUser(deps);
  editor = new CookieClient(server.url);
  expect((await editor.fetch('/sanctum/csrf-cookie')).status).toBe(204);
  expect((await sendJson(editor, 'POST', '/api/login', { email: user.email, password: 'correct horse battery staple' })).status).toBe(200);
});

describe('the newsletter’s REST endpoints', () => {
  it('create an edition, send it, and read its state and counts', async () => {
    const en = await insertConfirmedReaders(deps, 'en', 2);
    const fa = await insertConfirmedReaders(deps, 'fa', 1);
    const createdResponse = await sendJson(editor, 'POST', '/api/admin/newsletters', {
      subject_En: 'From the REST client',
      body_En: '<p>Written as <strong>HTML</strong>.</p><script>alert(1)</script>',
      subject_fa: 'از کارخواه REST',
      body_fa: 'بند نخست.\n\nبند دوم.',
    });
    expect(createdResponse.status).toBe(201);
    const { id } = (await json(createdResponse)).data as { id: number };

    const draft = await json(await editor.fetch(`/api/admin/newsletters/${id}`, { headers: { accept: 'application/json' } }));
    expect(draft).toMatchObject({
      id,
      state: 'draft',
      recipients: 0,
      sent: 0,
      subject_En: 'From the REST client',
      subject_fa: 'از کارخواه REST',
      items: [],
      created_at: isoDate,
      started_at: null,
      finished_at: null,
    });

    const sending = await sendJson(editor, 'POST', `/api/admin/newsletters/${id}/send`);
    expect(sending.status).toBe(200);
    expect(await json(sending)).toEqual({ success: true, data: { id, state: 'sending', recipients: 3, sent: 0, failed: 0, skipped: 0, remaining: 3 } });
    await drain(deps.mail);

    const sent = await json(await editor.fetch(`/api/admin/newsletters/${id}`, { headers: { accept: 'application/json' } }));
    expect(sent).toMatchObject({ id, state: 'sent', recipients: 3, sent: 3, remaining: 0, started_at: isoDate, finished_at: isoDate });
    for (const email of [...en, ...fa]) expect(editionsTo(smtp, email)).toHaveLength(1);
    // The HTML body kept its words and dropped the script.
    const html = String(editionsTo(smtp, en[0]!)[0]!.parsed.html);
    expect(html).toContain('Written as <strong>HTML</strong>.');
    expect(html).not.toContain('alert(1)');
    expect(String(editionsTo(smtp, fa[0]!)[0]!.parsed.text)).toContain('بند نخست.\n\nبند دوم.');

    // Sent once: a second send is refused.
    expect((await sendJson(editor, 'POST', `/api/admin/newsletters/${id}/send`)).status).toBe(409);
  });

  it('take a multipart form too, as the original admin forms post, with the listed items', async () => {
    const items = [await makeContent(deps, 'news'), await makeContent(deps, 'report')].map((item) => item.id);
    const response = await sendForm(editor, '/api/admin/newsletters', { subject_En: 'As a form', body_En: 'Plain words.', items: items.join(',') });
    expect(response.status).toBe(201);
    const { id } = (await json(response)).data as { id: number };
    expect(await json(await editor.fetch(`/api/admin/newsletters/${id}`, { headers: { accept: 'application/json' } }))).toMatchObject({
      subject_En: 'As a form',
      items,
      state: 'draft',
    });
  });

  it('name the REST fields in refusals, and answer 404 for an edition that does not exist', async () => {
    const refused = await sendJson(editor, 'POST', '/api/admin/newsletters', { subject_En: 'A subject without a body' });
    expect(refused.status).toBe(422);
    expect(Object.keys(((await json(refused)) as { errors: Record<string, string[]> }).errors)).toEqual(['body_En']);
    const unpublished = await sendJson(editor, 'POST', '/api/admin/newsletters', { subject_En: 'S', body_En: 'B', items: [999_999] });
    expect(unpublished.status).toBe(422);
    expect(Object.keys(((await json(unpublished)) as { errors: Record<string, string[]> }).errors)).toEqual(['items']);
    expect((await editor.fetch('/api/admin/newsletters/999999', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await sendJson(editor, 'POST', '/api/admin/newsletters/999999/send')).status).toBe(404);
  });

  it('are for editors only, and refuse a write without the anti-forgery header', async () => {
    const visitor = new CookieClient(server.url);
    await visitor.fetch('/sanctum/csrf-cookie');
    expect((await sendJson(visitor, 'POST', '/api/admin/newsletters', { subject_En: 'S', body_En: 'B' })).status).toBe(401);
    expect((await visitor.fetch('/api/admin/newsletters/1', { headers: { accept: 'application/json' } })).status).toBe(401);
    expect((await sendJson(editor, 'POST', '/api/admin/newsletters', { subject_En: 'S', body_En: 'B' }, {})).status).toBe(419);
  });

  it('list subscribers with their state and language', async () => {
    await publicCaller(deps, { lang: 'fa' }).newsletter.subscribe({ email: 'rest-pending@example.org' });
    const listed = await json(await editor.fetch('/api/admin/subscribers?page=1', { headers: { accept: 'application/json' } }));
    expect(listed.data).toEqual(
      expect.arrayContaining([{ id: expect.any(Number), email: 'rest-pending@example.org', state: 'pending', language: 'fa', created_at: isoDate }]),
    );
  });
});
