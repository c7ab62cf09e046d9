import { describe, expect, it } from 'vitest';
import {
  fakeImageBlob,
  get,
  imageBlob,
  isoDate,
  json,
  sendForm,
  sendJson,
  signIn,
  storedImagePath,
  publicFiles,
  storedFiles,
  storedOriginals,
  useRestServer,
  visitor,
} from './rest-kit.ts';

/** The original legal add form: lower-case Persian field names, the file as `media`. */
const legalForm = {
  titleEn: 'Your rights at work',
  titlefa: 'حقوق شما در محل کار',
  descriptionEn: 'What the labour law says about women.',
  descriptionfa: 'آنچه قانون کار درباره زنان می‌گوید.',
};

const video = 'https://youtu.be/dQw4w9WgXcQ';

describe('REST legal awareness', () => {
  const world = useRestServer();

  it('lets an editor create with POST awareness and the original multipart form', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/awareness', legalForm, { media: await imageBlob() });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        titleEn: 'Your rights at work',
        titlefa: 'حقوق شما در محل کار',
        descriptionEn: 'What the labour law says about women.',
        descriptionfa: 'آنچه قانون کار درباره زنان می‌گوید.',
        media: storedImagePath,
        media_kind: 'image',
        link: null,
        embed_url: null,
        created_at: isoDate,
        updated_at: isoDate,
      },
    });

    const anonymous = await visitor(world);
    const list = await json(await get(anonymous, '/api/awareness?page=1'));
    expect(list).toMatchObject({ data: [body.data], current_page: 1, last_page: 1, total: 1 });
    expect(await json(await get(anonymous, `/api/awareness/${body.data.id}`))).toEqual({
      ...body.data,
      body_html_En: '<p>What the labour law says about women.</p>',
      body_html_fa: '<p>آنچه قانون کار درباره زنان می‌گوید.</p>',
      // Sent without alt text, as the original client does: readers get the title in its place.
      media_alt_En: 'Your rights at work',
      media_alt_fa: 'حقوق شما در محل کار',
      media_caption_En: null,
      media_caption_fa: null,
      media_credit: null,
      media_credit_fa: null,
    });
  });

  it('refuses POST awareness from a visitor without a session with 401, unlike the original', async () => {
    const client = await visitor(world);
    const response = await sendForm(client, '/api/awareness', legalForm, { media: await imageBlob() });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Unauthenticated.' });
    expect(storedFiles(world)).toEqual([]);
    expect((await json(await get(client, '/api/awareness'))).total).toBe(0);
  });

  it('accepts POST admin/awareness with a video link instead of a file', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/awareness', { ...legalForm, link: video });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({
      media: null,
      media_kind: null,
      link: video,
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
  });

  it('answers a legal form without titles or media with 422 under the original field names', async () => {
    const { client } = await signIn(world);
    const missingText = await sendForm(client, '/api/awareness', { titleEn: 'Only a title' }, { media: await imageBlob() });
    expect(missingText.status).toBe(422);
    expect((await json(missingText)).errors).toEqual({
      titlefa: ['This field is required.'],
      descriptionEn: ['This field is required.'],
      descriptionfa: ['This field is required.'],
    });
    const missingMedia = await sendForm(client, '/api/awareness', legalForm);
    expect((await json(missingMedia)).errors).toEqual({ media: ['Please upload an image or a video, or provide a video link.'] });
    const badFile = await sendForm(client, '/api/awareness', legalForm, { media: fakeImageBlob() });
    expect(Object.keys((await json(badFile)).errors)).toEqual(['media']);
    expect(storedFiles(world)).toEqual([]);
  });

  it('updates with POST admin/awareness/{id} and deletes with DELETE admin/awareness/{id}', async () => {
    const { client } = await signIn(world);
    const created = (await json(await sendForm(client, '/api/awareness', legalForm, { media: await imageBlob() }))).data;
    const update = await sendForm(client, `/api/admin/awareness/${created.id}`, { titlefa: 'عنوان تازه' }, { media: await imageBlob('jpeg') });
    expect(update.status).toBe(200);
    const updated = (await json(update)).data;
    expect(updated).toMatchObject({ id: created.id, titleEn: legalForm.titleEn, titlefa: 'عنوان تازه', media: storedImagePath });
    expect(updated.media).not.toBe(created.media);
    // The replaced picture leaves the public side with its responsive variants, and stays in the picture library.
    expect(storedOriginals(world).sort()).toEqual([updated.media, `private/${created.media}`].sort());
    expect(publicFiles(world).every((file) => file.startsWith(updated.media.replace(/\.[a-z0-9]+$/, '')))).toBe(true);

    const removal = await sendJson(client, 'DELETE', `/api/admin/awareness/${created.id}`);
    expect(await json(removal)).toEqual({ success: true, message: 'Deleted successfully.' });
    expect(publicFiles(world)).toEqual([]);
    expect(storedOriginals(world).sort()).toEqual([`private/${updated.media}`, `private/${created.media}`].sort());
    const gone = await get(client, `/api/awareness/${created.id}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ message: 'Legal awareness not found.' });
    expect((await sendJson(client, 'DELETE', `/api/admin/awareness/${created.id}`)).status).toBe(404);
    expect((await sendForm(client, `/api/admin/awareness/${created.id}`, { titleEn: 'x' })).status).toBe(404);
  });
});

describe('REST gallery', () => {
  const world = useRestServer();

  it('lets an editor add an image with POST admin/gallery and lists it with null-free media', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/gallery', { name: 'Protest in Kabul' }, { image: await imageBlob() });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({
      success: true,
      data: { id: expect.any(Number), name: 'Protest in Kabul', name_fa: null, image: storedImagePath, media: [], embed_url: null, created_at: isoDate },
    });
    const list = await json(await get(await visitor(world), '/api/gallery?page=1'));
    expect(list).toEqual({ data: [body.data], current_page: 1, last_page: 1, per_page: 24, total: 1, from: 1, to: 1 });
  });

  it("adds a video-only item whose image is the text 'null', as the original answered, and whose first media entry has the link", async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/gallery', { name: 'A speech', link: video });
    const item = (await json(response)).data;
    expect(item).toMatchObject({ image: 'null', media: [{ link: video }], embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
  });

  it('answers a gallery item with neither image nor link, or with a link that is no video, with 422', async () => {
    const { client } = await signIn(world);
    const empty = await sendForm(client, '/api/admin/gallery', { name: '' });
    expect(empty.status).toBe(422);
    expect((await json(empty)).errors).toEqual({ name: ['This field is required.'], image: ['Please upload an image or provide a video link.'] });
    const noMedia = await sendForm(client, '/api/admin/gallery', { name: 'Nothing to show' });
    expect((await json(noMedia)).errors).toEqual({ image: ['Please upload an image or provide a video link.'] });
    const notVideo = await sendForm(client, '/api/admin/gallery', { name: 'x', link: 'https://example.org/clip' });
    expect((await json(notVideo)).errors).toEqual({ link: ['Enter a YouTube link (watch, youtu.be, shorts or embed).'] });
  });

  it('updates with POST admin/gallery/{id}: a Persian name for an old item, a new image, the link removed; 422 and 401 as elsewhere', async () => {
    const { client } = await signIn(world);
    const item = (await json(await sendForm(client, '/api/admin/gallery', { name: 'Protest in Kabul', link: video }, { image: await imageBlob() }))).data;
    const named = await sendForm(client, `/api/admin/gallery/${item.id}`, { name_fa: 'اعتراض در کابل' });
    expect(named.status).toBe(200);
    expect(await json(named)).toEqual({ success: true, data: { ...item, name_fa: 'اعتراض در کابل' } });

    const replaced = (await json(await sendForm(client, `/api/admin/gallery/${item.id}`, { link: '' }, { image: await imageBlob() }))).data;
    expect(replaced).toMatchObject({ name: 'Protest in Kabul', name_fa: 'اعتراض در کابل', image: storedImagePath, media: [], embed_url: null });
    expect(replaced.image).not.toBe(item.image);
    expect(publicFiles(world).some((file) => file.includes(item.image.split('/').pop().split('.')[0]))).toBe(false);
    expect(storedOriginals(world)).toContain(`private/${item.image}`);

    const videoOnly = (await json(await sendForm(client, '/api/admin/gallery', { name: 'A speech', link: video }))).data;
    const emptied = await sendForm(client, `/api/admin/gallery/${videoOnly.id}`, { link: '' });
    expect(emptied.status).toBe(422);
    expect((await json(emptied)).errors).toEqual({ link: ['Please upload an image or provide a video link.'] });
    expect((await sendForm(await visitor(world), `/api/admin/gallery/${item.id}`, { name_fa: 'x' })).status).toBe(401);
    expect((await sendForm(client, '/api/admin/gallery/4242', { name_fa: 'x' })).status).toBe(404);
    const list = await json(await get(await visitor(world), '/api/gallery?page=1'));
    expect(list.data.find((entry: { id: number }) => entry.id === item.id)).toEqual(replaced);
  });

  it('deletes with DELETE admin/gallery/{id}, and answers 404 for an unknown id and 401 without a session', async () => {
    const { client } = await signIn(world);
    const item = (await json(await sendForm(client, '/api/admin/gallery', { name: 'x' }, { image: await imageBlob() }))).data;
    expect((await sendJson(await visitor(world), 'DELETE', `/api/admin/gallery/${item.id}`)).status).toBe(401);
    expect(await json(await sendJson(client, 'DELETE', `/api/admin/gallery/${item.id}`))).toEqual({ success: true, message: 'Deleted successfully.' });
    expect(publicFiles(world)).toEqual([]);
    expect(storedOriginals(world)).toEqual([`private/${item.image}`]);
    const again = await sendJson(client, 'DELETE', `/api/admin/gallery/${item.id}`);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ message: 'The item was not found.' });
  });
});
