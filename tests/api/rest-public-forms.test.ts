import { describe, expect, it } from 'vitest';
import { CookieClient } from '../setup/http.ts';
import { message } from '../../src/shared/messages.ts';
import {
  fakeImageBlob,
  get,
  imageBlob,
  videoBlob,
  isoDate,
  json,
  sendForm,
  sendJson,
  signIn,
  storedImagePath,
  storedFiles,
  storedOriginals,
  useRestServer,
  visitor,
} from './rest-kit.ts';

describe('REST newsletter subscription', () => {
  const world = useRestServer();

  it('subscribes with POST subscribe and answers success with the message the toast shows', async () => {
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/subscribe', { email: 'Reader@Example.org' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, message: message('en', 'subscribed') });
    // The same answer the second time: the endpoint reveals nothing about who is on the list.
    expect(await json(await sendJson(client, 'POST', '/api/subscribe', { email: 'reader@example.org' }))).toEqual({
      success: true,
      message: message('en', 'subscribed'),
    });
    const { client: editor } = await signIn(world);
    expect((await json(await get(editor, '/api/admin/subscribers'))).data).toEqual([
      { id: expect.any(Number), email: 'reader@example.org', state: 'pending', language: 'en', created_at: isoDate },
    ]);
  });

  it('needs no XSRF header from a visitor without a session cookie, as the original did not', async () => {
    const client = new CookieClient(world.server.url);
    const response = await sendJson(client, 'POST', '/api/subscribe', { email: 'first@example.org' }, {});
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ success: true, message: message('en', 'subscribed') });
  });

  it('answers an empty or invalid e-mail with 422 naming email, in Persian when asked', async () => {
    const client = await visitor(world);
    const empty = await sendJson(client, 'POST', '/api/subscribe', {});
    expect(empty.status).toBe(422);
    expect(await json(empty)).toEqual({ success: false, message: 'Please correct the highlighted fields.', errors: { email: ['This field is required.'] } });
    const invalid = await sendJson(client, 'POST', '/api/subscribe', { email: 'not-an-address' }, { ...client.xsrfHeaders(), 'X-Lang': 'fa' });
    expect(await json(invalid)).toEqual({
      success: false,
      message: 'لطفاً بخش‌های مشخص‌شده را اصلاح کنید.',
      errors: { email: ['یک نشانی ایمیل معتبر وارد کنید.'] },
    });
  });
});

describe('REST contact form', () => {
  const world = useRestServer();

  it('takes POST contact as a multipart form with an image and answers success', async () => {
    const client = await visitor(world);
    const form = { name: 'Zahra', email: 'zahra@example.org', message: 'I want to share what happened.' };
    const response = await sendForm(client, '/api/contact', form, { image: await imageBlob() });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ success: true, data: { received: true, created_at: isoDate } });

    const { client: editor } = await signIn(world);
    const inbox = await json(await get(editor, '/api/admin/contacts?page=1&status=pending'));
    expect(inbox).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(inbox.data).toEqual([{ id: expect.any(Number), ...form, image: storedImagePath, status: 'pending', created_at: isoDate }]);
  });

  it('ignores files under field names the form does not use, as Laravel ignores unknown fields', async () => {
    const client = await visitor(world);
    const form = { name: 'Hoda', email: 'hoda@example.org', message: 'Hi' };
    const response = await sendForm(client, '/api/contact', form, { attachment: await imageBlob() });
    expect(response.status).toBe(201);
    expect(storedFiles(world)).toEqual([]);
  });

  it('takes a contact message without an image, sent as JSON', async () => {
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/contact', { name: 'Ali', email: 'ali@example.org', message: 'Hello' });
    expect(response.status).toBe(201);
    expect((await json(response)).success).toBe(true);
  });

  it('answers a contact form without name, e-mail or message with 422 naming each field', async () => {
    const client = await visitor(world);
    const response = await sendForm(client, '/api/contact', { name: '', email: 'nope', message: '' });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({
      name: ['This field is required.'],
      email: ['Enter a valid e-mail address.'],
      message: ['This field is required.'],
    });
  });

  it('answers an attachment that is not an image with 422 on image and keeps nothing', async () => {
    const client = await visitor(world);
    const response = await sendForm(client, '/api/contact', { name: 'A', email: 'a@example.org', message: 'Hi' }, { image: fakeImageBlob() });
    expect(response.status).toBe(422);
    expect(Object.keys((await json(response)).errors)).toEqual(['image']);
    expect(storedFiles(world)).toEqual([]);
    const { client: editor } = await signIn(world);
    expect((await json(await get(editor, '/api/admin/contacts'))).total).toBe(0);
  });
});

describe('REST stories', () => {
  const world = useRestServer();

  async function submitStory(title = 'My story') {
    const client = await visitor(world);
    const response = await sendForm(client, '/api/story', { title, description: 'What I lived through.' }, { media: await imageBlob() });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ success: true, data: { received: true, created_at: isoDate } });
  }

  it('takes POST story from a visitor and keeps it out of GET story until an editor publishes it', async () => {
    await submitStory();
    const anonymous = await visitor(world);
    expect((await json(await get(anonymous, '/api/story'))).data).toEqual([]);

    const { client: editor } = await signIn(world);
    const queue = await json(await get(editor, '/api/story'));
    expect(queue.total).toBe(1);
    const story = queue.data[0];
    expect(story).toEqual({
      id: expect.any(Number),
      title: 'My story',
      description: 'What I lived through.',
      media: storedImagePath,
      media_kind: 'image',
      status: 'pending',
      published_at: null,
      created_at: isoDate,
    });

    const published = await sendJson(editor, 'POST', `/api/admin/story/${story.id}/publish`);
    expect(published.status).toBe(200);
    expect(await json(published)).toMatchObject({ success: true, data: { id: story.id, status: 'published', published_at: isoDate } });

    const visible = await json(await get(anonymous, '/api/story'));
    expect(visible.data).toEqual([
      {
        id: story.id,
        title: 'My story',
        description: 'What I lived through.',
        media: story.media,
        media_kind: 'image',
        published_at: isoDate,
        created_at: isoDate,
      },
    ]);
    expect((await json(await get(anonymous, `/api/story/${story.id}`))).id).toBe(story.id);
  });

  it('lets an editor filter, unpublish and delete stories, after which visitors get 404', async () => {
    await submitStory('First');
    await submitStory('Second');
    const { client: editor } = await signIn(world);
    const [second, first] = (await json(await get(editor, '/api/admin/story'))).data;
    await sendJson(editor, 'POST', `/api/admin/story/${first.id}/publish`);
    expect((await json(await get(editor, '/api/admin/story?status=pending'))).data.map((s: { id: number }) => s.id)).toEqual([second.id]);
    expect((await json(await get(editor, `/api/admin/story/${first.id}`))).status).toBe('published');

    const unpublished = await sendJson(editor, 'POST', `/api/admin/story/${first.id}/unpublish`);
    expect((await json(unpublished)).data).toMatchObject({ status: 'pending', published_at: null });
    const anonymous = await visitor(world);
    expect((await get(anonymous, `/api/story/${first.id}`)).status).toBe(404);

    expect(await json(await sendJson(editor, 'DELETE', `/api/admin/story/${first.id}`))).toEqual({ success: true, message: 'Deleted successfully.' });
    const gone = await get(editor, `/api/admin/story/${first.id}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ message: 'Story not found.' });
    expect(storedOriginals(world)).toHaveLength(1);
  });

  it('takes a story with a video as its media', async () => {
    const client = await visitor(world);
    const response = await sendForm(client, '/api/stories', { title: 'Filmed', description: 'Watch this.' }, { media: await videoBlob(world) });
    expect(response.status).toBe(201);
    const { client: editor } = await signIn(world);
    const [story] = (await json(await get(editor, '/api/stories'))).data;
    expect(story).toMatchObject({ title: 'Filmed', media: expect.stringMatching(/^videos\/[a-z0-9]+\.mp4$/), media_kind: 'video' });
    // A pending story's file is the editors' alone: on their private path, never under /storage/.
    const stored = await editor.fetch(`/media/private/${story.media}`);
    expect(stored.headers.get('content-type')).toBe('video/mp4');
    expect((await fetch(`${world.server.url}/storage/${story.media}`)).status).toBe(404);
  });

  it('answers a story without title or description with 422, and moderation calls without a session with 401', async () => {
    const client = await visitor(world);
    const response = await sendForm(client, '/api/story', { title: '', description: '' });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ title: ['This field is required.'], description: ['This field is required.'] });
    const badStatus = await get((await signIn(world)).client, '/api/admin/story?status=secret');
    expect(Object.keys((await json(badStatus)).errors)).toEqual(['status']);
    expect((await sendJson(client, 'POST', '/api/admin/story/1/publish')).status).toBe(401);
    expect((await sendJson(client, 'DELETE', '/api/admin/story/1')).status).toBe(401);
    expect((await get(client, '/api/admin/story')).status).toBe(401);
  });
});

describe('REST rate limits', () => {
  const world = useRestServer({ RATE_LIMIT_UPLOADS: '1', RATE_LIMIT_PUBLIC_WRITES: '3' });

  it('answers forms over the hourly upload budget with 429 and Retry-After, before any file is stored', async () => {
    const client = await visitor(world);
    const form = { name: 'Parisa', email: 'parisa@example.org', message: 'Hello' };
    expect((await sendForm(client, '/api/contact', form, { image: await imageBlob() })).status).toBe(201);
    const refused = await sendForm(client, '/api/contact', form, { image: await imageBlob() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toEqual({ message: expect.any(String) });
    expect(storedOriginals(world)).toHaveLength(1);
    // A form without a file spends only the public-write budget.
    expect((await sendForm(client, '/api/contact', form)).status).toBe(201);
  });

  it('answers public writes over the hourly budget with 429 and Retry-After', async () => {
    const client = await visitor(world);
    for (let i = 0; i < 3; i += 1) expect((await sendJson(client, 'POST', '/api/subscribe', { email: `r${i}@example.org` })).status).toBe(200);
    const refused = await sendJson(client, 'POST', '/api/subscribe', { email: 'late@example.org' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
