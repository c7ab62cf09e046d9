import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalItems, posts, uploads } from '../../src/server/db/schema.ts';
import { makeImageUpload } from '../factories/index.ts';
import { makeVideoUpload } from '../factories/media.ts';
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

const form = {
  title_En: 'Women march in Tehran',
  title_fa: 'راهپیمایی زنان در تهران',
  description_En: 'Thousands gathered.',
  description_fa: 'هزاران نفر گرد آمدند.',
};
const storedAlt = async (id: number) => (await world.deps.db.select({ en: posts.coverAltEn, fa: posts.coverAltFa }).from(posts).where(eq(posts.id, id)))[0];

describe('Cover alt text', () => {
  it('refuses a create from the admin panel without alt text, in the editor’s language, and stores nothing', async () => {
    for (const lang of ['en', 'fa'] as const) {
      const { caller } = await adminCaller(world.deps, { lang });
      const upload = await makeImageUpload(world.deps);
      const input = { titleEn: 'Title', titleFa: 'عنوان', descriptionEn: 'Text', descriptionFa: 'متن', imageUploadId: upload.id, media: [] };
      const needed = {
        en: lang === 'en' ? 'Needed to publish in English.' : 'برای انتشار به انگلیسی لازم است.',
        fa: lang === 'en' ? 'Needed to publish in Persian.' : 'برای انتشار به فارسی لازم است.',
      };
      // Every gap is named at once.
      const errors = await fieldErrorsOf(world.deps, caller.news.create(input));
      expect(errors).toEqual({ coverAltEn: [needed.en], coverAltFa: [needed.fa] });
      expect(await fieldErrorsOf(world.deps, caller.news.create({ ...input, coverAltEn: 'Marchers' }))).toEqual({ coverAltFa: [needed.fa] });
    }
    expect((await publicCaller(world.deps).news.list({})).total).toBe(0);
  });

  it('creates through the original API without alt text: stored undescribed, the title read in its place', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(client, '/api/admin/news', form, { image: await imageBlob() });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(await storedAlt(data.id)).toEqual({ en: null, fa: null });
    const item = await publicCaller(world.deps).news.byId({ id: data.id });
    expect([item.coverAltEn, item.coverAltFa]).toEqual([form.title_En, form.title_fa]);
    // Editors see that it was never described (their form starts empty and asks for the words).
    const { caller } = await adminCaller(world.deps);
    expect(await caller.news.adminById({ id: data.id })).toMatchObject({ writtenCoverAltEn: null, writtenCoverAltFa: null, coverAltEn: form.title_En });
    await caller.news.update({ id: data.id, coverAltEn: 'Marchers holding banners', coverAltFa: 'راهپیمایان با پلاکارد' });
    expect(await storedAlt(data.id)).toEqual({ en: 'Marchers holding banners', fa: 'راهپیمایان با پلاکارد' });
    expect(await caller.news.adminById({ id: data.id })).toMatchObject({ writtenCoverAltEn: 'Marchers holding banners' });
  });

  it('keeps the alt text a REST client does send', async () => {
    const { client } = await signIn(world);
    const response = await sendForm(
      client,
      '/api/admin/news',
      { ...form, image_alt_En: 'Marchers holding banners', image_alt_fa: 'راهپیمایان با پلاکارد' },
      { image: await imageBlob() },
    );
    expect(response.status).toBe(201);
    expect(await storedAlt((await json(response)).data.id)).toEqual({ en: 'Marchers holding banners', fa: 'راهپیمایان با پلاکارد' });
  });
});

describe('Cover alt text of legal-awareness items', () => {
  const texts = { titleEn: 'Divorce rights', titleFa: 'حق طلاق', descriptionEn: 'What the code allows.', descriptionFa: 'آنچه قانون اجازه می‌دهد.' };
  const alt = { coverAltEn: 'A lawyer at her desk', coverAltFa: 'وکیلی پشت میزش' };
  const storedLegalAlt = async (id: number) =>
    (await world.deps.db.select({ en: legalItems.coverAltEn, fa: legalItems.coverAltFa }).from(legalItems).where(eq(legalItems.id, id)))[0];
  const attached = async (uploadId: string) =>
    (await world.deps.db.select({ at: uploads.attachedAt }).from(uploads).where(eq(uploads.id, uploadId)))[0]?.at ?? null;

  it('refuses a picture cover from the admin panel without alt text in both languages, and stores nothing', async () => {
    for (const lang of ['en', 'fa'] as const) {
      const { caller } = await adminCaller(world.deps, { lang });
      const upload = await makeImageUpload(world.deps);
      const neededFa = lang === 'en' ? 'Needed to publish in Persian.' : 'برای انتشار به فارسی لازم است.';
      const neededEn = lang === 'en' ? 'Needed to publish in English.' : 'برای انتشار به انگلیسی لازم است.';
      expect(await fieldErrorsOf(world.deps, caller.legal.create({ ...texts, mediaUploadId: upload.id }))).toEqual({
        coverAltEn: [neededEn],
        coverAltFa: [neededFa],
      });
      expect(await fieldErrorsOf(world.deps, caller.legal.create({ ...texts, coverAltEn: alt.coverAltEn, mediaUploadId: upload.id }))).toEqual({
        coverAltFa: [neededFa],
      });
      expect(await attached(upload.id)).toBeNull();
    }
    const { caller } = await adminCaller(world.deps);
    expect((await caller.legal.adminList({})).total).toBe(0);
  });

  it('creates with the alt text given, and needs none for a video cover or a video link', async () => {
    const { caller } = await adminCaller(world.deps);
    const described = await caller.legal.create({ ...texts, ...alt, mediaUploadId: (await makeImageUpload(world.deps)).id });
    expect(await storedLegalAlt(described.id)).toEqual({ en: alt.coverAltEn, fa: alt.coverAltFa });
    expect(await caller.legal.create({ ...texts, mediaUploadId: (await makeVideoUpload(world.deps)).id })).toMatchObject({ mediaKind: 'video' });
    expect(await caller.legal.create({ ...texts, videoLink: 'https://youtu.be/dQw4w9WgXcQ' })).toMatchObject({ media: null });
  });

  it('refuses replacing the cover with a new picture without alt text, but not with a video', async () => {
    const { caller } = await adminCaller(world.deps);
    const item = await caller.legal.create({ ...texts, ...alt, mediaUploadId: (await makeImageUpload(world.deps)).id });
    const picture = await makeImageUpload(world.deps);
    expect(await fieldErrorsOf(world.deps, caller.legal.update({ id: item.id, mediaUploadId: picture.id }))).toEqual({
      coverAltEn: ['Needed to publish in English.'],
      coverAltFa: ['Needed to publish in Persian.'],
    });
    expect((await caller.legal.adminById({ id: item.id })).media).toBe(item.media);
    const words = { coverAltEn: 'Women outside a court', coverAltFa: 'زنان بیرون دادگاه' };
    expect(await caller.legal.update({ id: item.id, mediaUploadId: picture.id, ...words })).toMatchObject({ media: picture.path, ...words });
    expect(await caller.legal.update({ id: item.id, mediaUploadId: (await makeVideoUpload(world.deps)).id })).toMatchObject({ mediaKind: 'video' });
  });

  it('creates and replaces through the original API without alt text: stored undescribed, the title read in its place', async () => {
    const { client } = await signIn(world);
    const legalForm = { titleEn: texts.titleEn, titlefa: texts.titleFa, descriptionEn: texts.descriptionEn, descriptionfa: texts.descriptionFa };
    const response = await sendForm(client, '/api/awareness', legalForm, { media: await imageBlob() });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(await storedLegalAlt(data.id)).toEqual({ en: null, fa: null });
    expect(await publicCaller(world.deps).legal.byId({ id: data.id })).toMatchObject({ coverAltEn: texts.titleEn, coverAltFa: texts.titleFa });
    const { caller } = await adminCaller(world.deps);
    expect(await caller.legal.adminById({ id: data.id })).toMatchObject({ writtenCoverAltEn: null, writtenCoverAltFa: null });
    const replaced = await sendForm(client, `/api/admin/awareness/${data.id}`, { titleEn: 'Divorce rights today' }, { media: await imageBlob() });
    expect(replaced.status).toBe(200);
    expect(await storedLegalAlt(data.id)).toEqual({ en: null, fa: null });
  });
});
