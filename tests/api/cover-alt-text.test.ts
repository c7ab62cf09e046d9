import { describe, expect, it } from 'vitest';
import { makeImageUpload } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { fieldErrorsOf } from '../setup/errors.ts';
import { imageBlob, json, sendForm, signIn, useRestServer } from './rest-kit.ts';

/**
 * A new item's cover is described for readers who cannot see it. The admin panel (and any tRPC
 * caller) must send alt text in both languages; the original REST API, whose clients have no such
 * field, still creates, and the item is stored undescribed rather than with its title posing as a
 * description. Readers then get the title, as for items older than alt text.
 */
const world = useRestServer();

const form = { title_En: 'Women march in Tehran', title_fa: 'راهپیمایی زنان در تهران', description_En: 'Thousands gathered.', description_fa: 'هزاران نفر گرد آمدند.' };
const storedAlt = (id: number) =>
  world.deps.db.$client.prepare('SELECT image_alt_en AS en, image_alt_fa AS fa FROM posts WHERE id = ?').get(id) as { en: string | null; fa: string | null };

describe('Cover alt text', () => {
  it('refuses a create from the admin panel without alt text, in the editor’s language, and stores nothing', async () => {
    for (const lang of ['en', 'fa'] as const) {
      const { caller } = await adminCaller(world.deps, { lang });
      const upload = await makeImageUpload(world.deps);
      const input = { titleEn: 'Title', titleFa: 'عنوان', descriptionEn: 'Text', descriptionFa: 'متن', imageUploadId: upload.id, media: [] };
      const errors = await fieldErrorsOf(world.deps, caller.news.create(input));
      expect(errors).toEqual({ coverAltEn: [lang === 'en' ? 'This field is required.' : 'پر کردن این بخش الزامی است.'] });
      expect(await fieldErrorsOf(world.deps, caller.news.create({ ...input, coverAltEn: 'Marchers' }))).toEqual({
        coverAltFa: [lang === 'en' ? 'This field is required.' : 'پر کردن این بخش الزامی است.'],
      });
    }
    expect((await publicCaller(world.deps).news.list({})).total).toBe(0);
  });

  it('creates through the original API without alt text: stored undescribed, the title read in its place', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', form, { image: await imageBlob() });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(storedAlt(data.id)).toEqual({ en: null, fa: null });
    const item = await publicCaller(world.deps).news.byId({ id: data.id });
    expect([item.coverAltEn, item.coverAltFa]).toEqual([form.title_En, form.title_fa]);
    // Editors see that it was never described (their form starts empty and asks for the words).
    const { caller } = await adminCaller(world.deps);
    expect(await caller.news.adminById({ id: data.id })).toMatchObject({ writtenCoverAltEn: null, writtenCoverAltFa: null, coverAltEn: form.title_En });
    await caller.news.update({ id: data.id, coverAltEn: 'Marchers holding banners', coverAltFa: 'راهپیمایان با پلاکارد' });
    expect(storedAlt(data.id)).toEqual({ en: 'Marchers holding banners', fa: 'راهپیمایان با پلاکارد' });
    expect(await caller.news.adminById({ id: data.id })).toMatchObject({ writtenCoverAltEn: 'Marchers holding banners' });
  });

  it('keeps the alt text a REST client does send', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', { ...form, image_alt_En: 'Marchers holding banners', image_alt_fa: 'راهپیمایان با پلاکارد' }, { image: await imageBlob() });
    expect(response.status).toBe(201);
    expect(storedAlt((await json(response)).data.id)).toEqual({ en: 'Marchers holding banners', fa: 'راهپیمایان با پلاکارد' });
  });
});
