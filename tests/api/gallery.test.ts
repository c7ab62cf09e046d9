import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { galleryItems, uploads } from '../../src/server/db/schema.ts';
import { makeGalleryItem, makeImageUpload, makeStory } from '../factories/index.ts';
import { filesOfUpload, makeVideoUpload } from '../factories/media.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { isStored } from '../setup/stored.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const stored = async (relativePath: string) => await isStored(deps.storage, relativePath);

describe('gallery.list', () => {
  it('shows visitors the items newest first with the total', async () => {
    const first = await makeGalleryItem(deps);
    const second = await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    await deps.db.transaction((tx) =>
      tx
        .update(galleryItems)
        .set({ createdAt: new Date(Date.now() - 60_000) })
        .where(eq(galleryItems.id, first.id)),
    );
    const page = await publicCaller(deps).gallery.list({});
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page.total).toBe(2);
  });

  it('pages with page and pageSize, 24 to a page unless asked otherwise', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' }));
    const second = await publicCaller(deps).gallery.list({ page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([made[0]!.id]);
    expect((await publicCaller(deps).gallery.list({})).pageSize).toBe(24);
  });
});

describe('gallery.create', () => {
  it('stores an item with a name and an image', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    const item = await caller.gallery.create({ name: 'Women of Herat', imageUploadId: image.id });
    expect(item).toMatchObject({ name: 'Women of Herat', image: image.path, videoLink: null, embedUrl: null });
    expect((await publicCaller(deps).gallery.list({})).items).toEqual([item]);
  });

  it('stores an item with only a video link and gives its privacy-enhanced embed', async () => {
    const { caller } = await adminCaller(deps);
    const item = await caller.gallery.create({ name: 'Protest footage', videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s' });
    expect(item).toMatchObject({
      image: null,
      videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
  });

  it('gives the clear message when there is neither an image nor a video link', async () => {
    const { caller } = await adminCaller(deps);
    const error = await clientErrorOf(deps, caller.gallery.create({ name: 'Nothing to show' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(Object.values(error.fieldErrors ?? {}).flat()).toEqual(['Please upload an image or provide a video link.']);
    expect((await publicCaller(deps).gallery.list({})).total).toBe(0);
  });

  it('refuses a video upload as the image', async () => {
    const { caller } = await adminCaller(deps);
    const video = await makeVideoUpload(deps);
    expect(await fieldErrorsOf(deps, caller.gallery.create({ name: 'Clip', imageUploadId: video.id }))).toEqual({
      imageUploadId: ['This field accepts images only.'],
    });
  });

  it('refuses an image a visitor’s story holds, which is no picture of the library', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    await makeStory(deps, { mediaUploadId: image.id });
    const errors = await fieldErrorsOf(deps, caller.gallery.create({ name: 'Second', imageUploadId: image.id }));
    expect(errors.imageUploadId).toEqual(['The uploaded file was not found or has expired. Please upload it again.']);
  });

  it('uses again a picture of the library another item shows', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    await caller.gallery.create({ name: 'First', imageUploadId: image.id });
    await expect(caller.gallery.create({ name: 'Second', imageUploadId: image.id })).resolves.toMatchObject({ image: image.path });
  });
});

describe('gallery.delete', () => {
  it('removes the item and keeps its image in the picture library, private', async () => {
    const item = await makeGalleryItem(deps);
    const { caller } = await adminCaller(deps);
    expect(await stored(item.image!)).toBe(true);
    await expect(caller.gallery.delete({ id: item.id })).resolves.toEqual({ id: item.id });
    expect(await filesOfUpload(deps, item.image!)).toHaveLength(10);
    expect([Boolean(await deps.storage.stat(item.image!, 'private')), Boolean(await deps.storage.stat(item.image!, 'public'))]).toEqual([true, false]);
    expect((await deps.db.select().from(uploads).where(eq(uploads.path, item.image!)).limit(1))[0]).toMatchObject({ inLibrary: 1 });
    expect((await publicCaller(deps).gallery.list({})).total).toBe(0);
  });

  it('removes an item that has only a video link', async () => {
    const item = await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    const { caller } = await adminCaller(deps);
    await caller.gallery.delete({ id: item.id });
    expect((await publicCaller(deps).gallery.list({})).total).toBe(0);
  });

  it('answers NOT_FOUND for a missing item', async () => {
    const { caller } = await adminCaller(deps);
    expect(await clientErrorOf(deps, caller.gallery.delete({ id: 4242 }))).toMatchObject({ code: 'NOT_FOUND', message: 'The item was not found.' });
  });
});

describe('gallery.update', () => {
  it('gives an old item a Persian name, which Persian readers then get, and keeps the rest', async () => {
    const item = await makeGalleryItem(deps, { name: 'Women of Herat' });
    const { caller } = await adminCaller(deps);
    const saved = await caller.gallery.update({ id: item.id, nameFa: 'زنان هرات' });
    expect(saved).toMatchObject({ id: item.id, name: 'Women of Herat', nameFa: 'زنان هرات', image: item.image });
    expect(await caller.gallery.adminById({ id: item.id })).toEqual(saved);
    expect((await publicCaller(deps).gallery.list({})).items).toEqual([saved]);
    expect(await stored(item.image!)).toBe(true);
  });

  it('is found by the public search under its new Persian name at once', async () => {
    const item = await makeGalleryItem(deps, { name: 'Women of Herat' });
    const { caller } = await adminCaller(deps);
    await caller.gallery.update({ id: item.id, nameFa: 'زنان هرات' });
    const found = await publicCaller(deps).search.query({ q: 'هرات' });
    expect(found.items.map((result) => [result.type, result.id])).toEqual([['gallery', item.id]]);
  });

  it('replaces the image with a new upload and keeps the old one in the picture library, private', async () => {
    const item = await makeGalleryItem(deps);
    const image = await makeImageUpload(deps);
    const { caller } = await adminCaller(deps);
    const saved = await caller.gallery.update({ id: item.id, imageUploadId: image.id });
    expect(saved.image).toBe(image.path);
    expect(await stored(image.path)).toBe(true);
    expect(await filesOfUpload(deps, item.image!)).toHaveLength(10);
    expect([Boolean(await deps.storage.stat(item.image!, 'private')), Boolean(await deps.storage.stat(item.image!, 'public'))]).toEqual([true, false]);
    expect((await deps.db.select().from(uploads).where(eq(uploads.path, item.image!)).limit(1))[0]).toMatchObject({ inLibrary: 1 });
  });

  it('empties either name while the other stays, taking the item out of that language, and never both', async () => {
    const item = await makeGalleryItem(deps, { name: 'Women of Herat', nameFa: 'زنان هرات' });
    const { caller } = await adminCaller(deps);
    const error = await clientErrorOf(deps, caller.gallery.update({ id: item.id, name: '', nameFa: '' }));
    expect(error.fieldErrors).toEqual({ name: ['Give it a name in English or in Persian.'] });
    expect(await caller.gallery.update({ id: item.id, nameFa: '' })).toMatchObject({ name: 'Women of Herat', nameFa: null });
    expect((await publicCaller(deps).gallery.list({ language: 'fa' })).total).toBe(0);
    expect(await caller.gallery.update({ id: item.id, name: '', nameFa: 'زنان هرات' })).toMatchObject({ name: '', nameFa: 'زنان هرات' });
    expect((await publicCaller(deps).gallery.list({ language: 'en' })).total).toBe(0);
    expect((await publicCaller(deps).gallery.list({ language: 'fa' })).items.map((entry) => entry.nameFa)).toEqual(['زنان هرات']);
  });

  it('removes a video link while the item keeps an image, and refuses to leave it with neither', async () => {
    const withBoth = await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ', withImage: true });
    const videoOnly = await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    const { caller } = await adminCaller(deps);
    expect(await caller.gallery.update({ id: withBoth.id, videoLink: '' })).toMatchObject({ videoLink: null, embedUrl: null });
    const error = await clientErrorOf(deps, caller.gallery.update({ id: videoOnly.id, videoLink: null }));
    expect(error.fieldErrors).toEqual({ videoLink: ['Please upload an image or provide a video link.'] });
    expect((await caller.gallery.adminById({ id: videoOnly.id })).videoLink).toBe('https://youtu.be/dQw4w9WgXcQ');
  });

  it('refuses a bidi override, an over-long name and a video as the image, changing nothing', async () => {
    const item = await makeGalleryItem(deps, { name: 'Women of Herat' });
    const video = await makeVideoUpload(deps);
    const { caller } = await adminCaller(deps);
    expect(await caller.gallery.update({ id: item.id, nameFa: 'نام\u202Eخطرناک' })).toMatchObject({ nameFa: 'نامخطرناک' });
    expect(Object.keys(await fieldErrorsOf(deps, caller.gallery.update({ id: item.id, name: 'x'.repeat(201) })))).toEqual(['name']);
    expect(await fieldErrorsOf(deps, caller.gallery.update({ id: item.id, imageUploadId: video.id }))).toEqual({
      imageUploadId: ['This field accepts images only.'],
    });
    expect((await caller.gallery.adminById({ id: item.id })).name).toBe('Women of Herat');
  });

  it('answers NOT_FOUND for a missing item, and refuses visitors', async () => {
    const { caller } = await adminCaller(deps);
    expect(await clientErrorOf(deps, caller.gallery.update({ id: 4242, nameFa: 'x' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await clientErrorOf(deps, caller.gallery.adminById({ id: 4242 }))).toMatchObject({ code: 'NOT_FOUND' });
    const item = await makeGalleryItem(deps);
    await expect(publicCaller(deps).gallery.update({ id: item.id, nameFa: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
