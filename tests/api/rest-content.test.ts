import { describe, expect, it } from 'vitest';
import { makeContent } from '../factories/index.ts';
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
  publicFiles,
  storedFiles,
  storedOriginals,
  useRestServer,
  visitor,
} from './rest-kit.ts';

/** The add-news form of the original admin panel, every field filled. */
const newsForm = {
  title_En: 'Women march in Tehran',
  title_fa: 'راهپیمایی زنان در تهران',
  description_En: 'Thousands gathered on Saturday.',
  description_fa: 'هزاران نفر روز شنبه گرد آمدند.',
  link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  media_title_En: 'Video of the march',
  media_title_fa: 'ویدیوی راهپیمایی',
  media_description_En: 'Filmed by a witness.',
  media_description_fa: 'فیلم‌برداری شده توسط یک شاهد.',
};

describe('REST news, articles and reports', () => {
  const world = useRestServer();

  it('lets an editor add news with the original multipart form and answers success with the item', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', newsForm, { image: await imageBlob('jpeg') });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.success).toBe(true);
    const media = {
      link: newsForm.link,
      media_title_En: 'Video of the march',
      media_title_fa: 'ویدیوی راهپیمایی',
      media_description_En: 'Filmed by a witness.',
      media_description_fa: 'فیلم‌برداری شده توسط یک شاهد.',
      Media_title_En: 'Video of the march',
      Media_title_fa: 'ویدیوی راهپیمایی',
      Media_description_En: 'Filmed by a witness.',
      Media_description_fa: 'فیلم‌برداری شده توسط یک شاهد.',
    };
    expect(body.data).toEqual({
      id: expect.any(Number),
      title_En: 'Women march in Tehran',
      title_fa: 'راهپیمایی زنان در تهران',
      description_En: 'Thousands gathered on Saturday.',
      description_fa: 'هزاران نفر روز شنبه گرد آمدند.',
      image: storedImagePath,
      link: newsForm.link,
      media: [media],
      category: null,
      country: null,
      created_at: isoDate,
      updated_at: isoDate,
    });
    const stored = await fetch(`${world.server.url}/storage/${body.data.image}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');

    const anonymous = await visitor(world);
    const list = await json(await get(anonymous, '/api/news?page=1'));
    expect(list).toEqual({ data: [body.data], current_page: 1, last_page: 1, per_page: 12, total: 1, from: 1, to: 1 });
    // The detail adds the body as HTML; a plain description is one paragraph per block of text.
    expect(await json(await get(anonymous, `/api/news/${body.data.id}`))).toEqual({
      ...body.data,
      body_html_En: '<p>Thousands gathered on Saturday.</p>',
      body_html_fa: '<p>هزاران نفر روز شنبه گرد آمدند.</p>',
      // Sent without alt text, as the original client does: readers get the title in its place.
      image_alt_En: 'Women march in Tehran',
      image_alt_fa: 'راهپیمایی زنان در تهران',
      image_caption_En: null,
      image_caption_fa: null,
      image_credit: null,
      image_credit_fa: null,
    });
  });

  it('takes body_En and body_fa as HTML: allowed structure kept, the rest dropped, its own pictures by any address the site gave them', async () => {
    const { client } = await signIn(world);
    const uploadPicture = async () => {
      const form = new FormData();
      form.set('file', await imageBlob('png'), 'inline.png');
      const response = await client.fetch('/api/uploads', { method: 'POST', body: form, headers: client.xsrfHeaders() });
      expect(response.status).toBe(201);
      return (await json(response)) as { url: string; path: string };
    };
    const [byUrl, byPath] = [await uploadPicture(), await uploadPicture()];
    expect(byUrl.url).toMatch(/^\/media\/private\/images\//);
    const bodyEn = [
      '<h2 onclick="steal()">Findings</h2><script>alert(1)</script><style>p{}</style>',
      '<p>Read <a href="https://example.org/report" target="_blank">the report</a> and <a href="javascript:alert(1)">this</a>.</p>',
      '<ul><li>One</li><li>Two</li></ul>',
      `<figure><img src="${byUrl.url}" alt="A court building" onerror="x()"><figcaption>Kabul, 2025</figcaption></figure>`,
      '<img src="https://tracker.example/pixel.png" alt="Elsewhere"><svg><script>alert(2)</script></svg>',
    ].join('');
    const bodyFa = `<p dir="ltr" style="color:red">متن <b>مهم</b></p><img src="${byPath.path}" alt="ساختمان دادگاه">`;
    const { description_En: _en, description_fa: _fa, ...withoutDescriptions } = newsForm;
    const cover = { image_alt_En: 'Marchers at dawn', image_alt_fa: 'راهپیمایان در سپیده‌دم', image_caption_En: 'Tehran, March', image_credit: 'A. Witness' };
    const response = await sendForm(
      client,
      '/api/admin/news',
      { ...withoutDescriptions, ...cover, body_En: bodyEn, body_fa: bodyFa },
      { image: await imageBlob() },
    );
    expect(response.status).toBe(201);
    const created = (await json(response)).data;
    // The plain-text fields of the original API are derived from the bodies.
    expect(created.description_En).toContain('Findings');
    expect(created.description_En).toContain('the report');
    expect(created.description_En).not.toContain('alert');
    expect(created.description_fa).toContain('متن مهم');

    const detail = await json(await get(await visitor(world), `/api/news/${created.id}`));
    expect(detail).toMatchObject({ ...cover, image_caption_fa: null });
    const html = detail.body_html_En as string;
    expect(html).toContain('<h2>Findings</h2>');
    expect(html).toContain('<a href="https://example.org/report" rel="noopener noreferrer">the report</a>');
    expect(html).toContain('<ul><li>');
    expect(html).toContain(`/storage/${byUrl.path}`);
    expect(html).toContain('Kabul, 2025');
    for (const hostile of ['script', 'onclick', 'onerror', 'javascript:', 'style', 'svg', 'tracker.example', 'target=']) expect(html).not.toContain(hostile);
    expect(detail.body_html_fa).toContain('<strong>مهم</strong>');
    expect(detail.body_html_fa).toContain(`/storage/${byPath.path}`);
    expect(detail.body_html_fa).not.toContain('color:red');
    // Published with its item, each inline picture is public.
    for (const picture of [byUrl, byPath]) expect((await fetch(`${world.server.url}/storage/${picture.path}`)).status).toBe(200);

    const updated = await sendForm(client, `/api/admin/news/${created.id}`, { body_En: '<h3>Update</h3><blockquote><p>Quoted</p></blockquote><hr>' });
    expect(updated.status).toBe(200);
    const after = await json(await get(client, `/api/news/${created.id}`));
    expect(after.body_html_En).toMatch(/^<h3>Update<\/h3><blockquote><p>Quoted<\/p><\/blockquote><hr\s*\/?>$/);
    expect(after.description_En).toContain('Quoted');
    expect(after.body_html_fa).toBe(detail.body_html_fa);
  });

  it('accepts category and country and filters lists by them', async () => {
    const { client } = await signIn(world);
    const form = { ...newsForm, category: 'top', country: 'iran' };
    const response = await sendForm(client, '/api/admin/news', form, { image: await imageBlob() });
    expect((await json(response)).data).toMatchObject({ category: 'top', country: 'iran' });
    await makeContent(world.deps, 'news', { category: 'latest', country: 'afghanistan' });
    const top = await json(await get(client, '/api/news?category=top'));
    expect(top.data.map((item: { category: string }) => item.category)).toEqual(['top']);
    const afghanistan = await json(await get(client, '/api/news?country=afghanistan'));
    expect(afghanistan.total).toBe(1);
  });

  it('serves articles and reports on their singular and plural paths', async () => {
    const { client } = await signIn(world);
    const article = await json(await sendForm(client, '/api/admin/articles', newsForm, { image: await imageBlob() }));
    const report = await json(await sendForm(client, '/api/admin/reports', newsForm, { image: await imageBlob() }));
    const other = await json(await sendForm(client, '/api/admin/report', newsForm, { image: await imageBlob() }));
    expect([article.success, report.success, other.success]).toEqual([true, true, true]);
    for (const path of ['/api/articles', '/api/article']) expect((await json(await get(client, path))).total).toBe(1);
    for (const path of ['/api/report', '/api/reports']) expect((await json(await get(client, path))).total).toBe(2);
    expect((await json(await get(client, `/api/articles/${article.data.id}`))).id).toBe(article.data.id);
    expect((await json(await get(client, `/api/report/${report.data.id}`))).id).toBe(report.data.id);
    expect((await json(await get(client, `/api/reports/${other.data.id}`))).id).toBe(other.data.id);
    // An article is not a report: kinds never leak into each other.
    expect((await get(client, `/api/report/${article.data.id}`)).status).toBe(404);
    expect((await json(await get(client, '/api/news'))).total).toBe(0);
  });

  it('updates with POST admin/{kind}/{id} from the fields sent, keeping the media fields not sent', async () => {
    const { client } = await signIn(world);
    const created = (await json(await sendForm(client, '/api/admin/report', newsForm, { image: await imageBlob() }))).data;
    const response = await sendForm(client, `/api/admin/report/${created.id}`, { title_En: 'Updated title', media_title_En: 'New media title' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: created.id, title_En: 'Updated title', title_fa: newsForm.title_fa, image: created.image, link: newsForm.link });
    expect(body.data.media).toEqual([{ ...created.media[0], media_title_En: 'New media title', Media_title_En: 'New media title' }]);

    const plural = await sendForm(client, `/api/admin/reports/${created.id}`, { description_fa: 'توضیح تازه' });
    expect((await json(plural)).data).toMatchObject({ description_fa: 'توضیح تازه', title_En: 'Updated title', media: body.data.media });
  });

  it('deletes with DELETE admin/{kind}/{id}, answering success with a message, after which the item is 404', async () => {
    const { client } = await signIn(world);
    const news = await makeContent(world.deps, 'news');
    const report = await makeContent(world.deps, 'report');
    for (const [path, id] of [
      ['/api/admin/news', news.id],
      ['/api/admin/report', report.id],
    ] as const) {
      const response = await sendJson(client, 'DELETE', `${path}/${id}`);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ success: true, message: 'Deleted successfully.' });
    }
    // Their covers stay in the picture library, privately (docs/decisions/033).
    expect(publicFiles(world)).toEqual([]);
    expect(storedOriginals(world).sort()).toEqual([`private/${news.image}`, `private/${report.image}`].sort());
    expect((await get(client, `/api/news/${news.id}`)).status).toBe(404);
  });

  it('pages lists with ?page= and ?per_page= the Laravel way', async () => {
    const client = await visitor(world);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await makeContent(world.deps, 'article'));
    const page = await json(await get(client, '/api/articles?page=2&per_page=2'));
    expect(page).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 });
    expect(page.data.map((item: { id: number }) => item.id)).toEqual([made[2]!.id, made[1]!.id]);
    const beyond = await json(await get(client, '/api/articles?page=9&per_page=2'));
    expect(beyond).toEqual({ data: [], current_page: 9, last_page: 3, per_page: 2, total: 5, from: null, to: null });
  });

  it('answers per_page above the limit or a page that is no number with 422 naming the query field', async () => {
    const client = await visitor(world);
    const tooMany = await get(client, '/api/news?per_page=500');
    expect(tooMany.status).toBe(422);
    expect(Object.keys((await json(tooMany)).errors)).toEqual(['per_page']);
    const notANumber = await get(client, '/api/report?page=first');
    expect(Object.keys((await json(notANumber)).errors)).toEqual(['page']);
  });

  it('still needs everything the original needed for a one-language create, unless the call says status=draft', async () => {
    const { client } = await signIn(world);
    const persianOnly = { title_fa: 'فقط فارسی', description_fa: 'متن فارسی' };
    const refused = await sendForm(client, '/api/admin/news', persianOnly, { image: await imageBlob('jpeg') });
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors).toEqual({ title_En: ['This field is required.'], description_En: ['This field is required.'] });
    const draft = await sendForm(client, '/api/admin/news', { ...persianOnly, status: 'draft' });
    expect(draft.status).toBe(201);
    expect((await json(draft)).data).toMatchObject({ title_En: '', title_fa: 'فقط فارسی' });
  });

  it('answers a create without titles, descriptions or image with 422 naming each original field', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', { title_En: '', link: 'not a link' });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.success).toBe(false);
    expect(body.message).toBe('Please correct the highlighted fields.');
    expect(body.errors).toEqual({
      title_En: ['This field is required.'],
      title_fa: ['This field is required.'],
      description_En: ['This field is required.'],
      description_fa: ['This field is required.'],
      image: ['This field is required.'],
      link: ['Enter a valid link starting with http:// or https://.'],
    });
  });

  it('answers a file that is not an image with 422 on image, in the reader language', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/articles', newsForm, { image: fakeImageBlob() });
    expect(response.status).toBe(422);
    expect((await json(response)).errors.image[0]).toMatch(/^This file type is not accepted/);
    const persian = await sendForm(client, '/api/admin/articles', newsForm, { image: fakeImageBlob() }, { ...client.xsrfHeaders(), 'X-Lang': 'fa' });
    expect((await json(persian)).errors.image[0]).toMatch(/^این نوع فایل پذیرفته نمی‌شود/);
  });

  it('answers a video sent as a news image with 422 on image', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', newsForm, { image: await videoBlob(world) });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ image: ['Videos are only accepted for stories and legal-awareness items.'] });
    expect(storedFiles(world)).toEqual([]);
  });

  it('leaves no stored file behind when the rest of the form is refused', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', { ...newsForm, title_En: 'x'.repeat(301) }, { image: await imageBlob() });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ title_En: ['Use at most 300 characters.'] });
    expect(storedFiles(world)).toEqual([]);
  });

  it('answers unknown ids with 404 and the kind of item that was missing', async () => {
    const { client } = await signIn(world);
    expect(await json(await get(client, '/api/news/9999'))).toEqual({ message: 'News not found.' });
    expect((await get(client, '/api/articles/9999')).status).toBe(404);
    const update = await sendForm(client, '/api/admin/report/9999', { title_En: 'x' });
    expect(update.status).toBe(404);
    expect(await json(update)).toEqual({ message: 'Report not found.' });
    const removal = await sendJson(client, 'DELETE', '/api/admin/articles/9999');
    expect(removal.status).toBe(404);
    expect(await json(removal)).toEqual({ message: 'Article not found.' });
  });

  it('answers admin calls without a session with 401 and stores no file', async () => {
    const client = await visitor(world);
    const news = await makeContent(world.deps, 'news');
    const before = storedFiles(world);
    const create = await sendForm(client, '/api/admin/news', newsForm, { image: await imageBlob() });
    expect(create.status).toBe(401);
    expect(await json(create)).toEqual({ message: 'Unauthenticated.' });
    expect((await sendForm(client, `/api/admin/news/${news.id}`, { title_En: 'x' })).status).toBe(401);
    expect((await sendJson(client, 'DELETE', `/api/admin/news/${news.id}`)).status).toBe(401);
    expect(storedFiles(world)).toEqual(before);
  });

  it('answers an editor form without the XSRF header, or with a wrong one, with 419 and stores no file', async () => {
    const { client } = await signIn(world);
    for (const headers of [{}, { 'X-XSRF-TOKEN': 'wrong' }] as Record<string, string>[]) {
      const response = await sendForm(client, '/api/admin/news', newsForm, { image: await imageBlob() }, headers);
      expect(response.status).toBe(419);
      expect(await json(response)).toEqual({ message: 'CSRF token mismatch.' });
    }
    expect(storedFiles(world)).toEqual([]);
  });
});

describe('REST uploads over the size limit', () => {
  const world = useRestServer({ MAX_IMAGE_MB: '0.01', MAX_VIDEO_MB: '0.01' });

  it('answers a file larger than the configured limit with 422 on its field', async () => {
    const { client } = await signIn(world);
    const large = new Blob([new Uint8Array(64 * 1024).fill(7)], { type: 'image/png' });
    const response = await sendForm(client, '/api/admin/gallery', { name: 'Too big' }, { image: large });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ image: ['The file is too large. Images may be up to 0.01 MB and videos up to 0.01 MB.'] });
    expect(storedFiles(world)).toEqual([]);
  });
});
