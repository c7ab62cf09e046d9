import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legalItems, uploads } from '../../src/server/db/schema.ts';
import { makeImageUpload, makeLegalItem } from '../factories/index.ts';
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
const uploadRow = async (relativePath: string) => (await deps.db.select().from(uploads).where(eq(uploads.path, relativePath)).limit(1))[0];

describe('legal.list and legal.byId', () => {
  it('show visitors the items newest first with the total', async () => {
    const first = await makeLegalItem(deps);
    const second = await makeLegalItem(deps);
    await deps.db.transaction((tx) =>
      tx
        .update(legalItems)
        .set({ createdAt: new Date(Date.now() - 60_000) })
        .where(eq(legalItems.id, first.id)),
    );
    const page = await publicCaller(deps).legal.list({ pageSize: 10 });
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(await publicCaller(deps).legal.byId({ id: second.id })).toEqual(second);
  });

  it('answer NOT_FOUND "Legal awareness not found." for a missing item', async () => {
    expect(await clientErrorOf(deps, publicCaller(deps).legal.byId({ id: 77 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Legal awareness not found.' });
  });
});

describe('legal.create', () => {
  const texts = { titleEn: 'Divorce rights', titleFa: 'حق طلاق', descriptionEn: 'What the civil code allows.', descriptionFa: 'آنچه قانون مدنی اجازه می‌دهد.' };

  it('stores an item with an image', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    const item = await caller.legal.create({ ...texts, coverAltEn: 'A court room', coverAltFa: 'یک دادگاه', mediaUploadId: image.id });
    expect(item).toMatchObject({ ...texts, media: image.path, mediaKind: 'image', videoLink: null, coverAltEn: 'A court room' });
    expect((await uploadRow(image.path))?.attachedAt).toBeInstanceOf(Date);
  });

  it('stores an item with an uploaded video', async () => {
    const { caller } = await adminCaller(deps);
    const video = await makeVideoUpload(deps);
    expect(await caller.legal.create({ ...texts, mediaUploadId: video.id })).toMatchObject({ media: video.path, mediaKind: 'video' });
  });

  it('stores an item with a video link and gives its embed', async () => {
    const { caller } = await adminCaller(deps);
    const item = await caller.legal.create({ ...texts, videoLink: 'https://youtube.com/shorts/dQw4w9WgXcQ' });
    expect(item).toMatchObject({ media: null, embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
  });

  it('requires an image or a video, and stores nothing without', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.legal.create(texts))).toEqual({ mediaUploadId: ['Please upload an image or a video, or provide a video link.'] });
    expect((await publicCaller(deps).legal.list({})).total).toBe(0);
  });
});

describe('legal.update', () => {
  it('changes only the fields given non-empty', async () => {
    const item = await makeLegalItem(deps, { titleEn: 'Old', descriptionEn: 'Old text' });
    const { caller } = await adminCaller(deps);
    const updated = await caller.legal.update({ id: item.id, titleEn: 'New', descriptionEn: '', titleFa: '  ' });
    expect(updated).toMatchObject({ titleEn: 'New', descriptionEn: 'Old text', titleFa: item.titleFa, media: item.media });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(item.updatedAt.getTime());
  });

  it('replaces the media: an old picture stays in the picture library, private; an old video is deleted', async () => {
    const item = await makeLegalItem(deps);
    const { caller } = await adminCaller(deps);
    const video = await makeVideoUpload(deps);
    const updated = await caller.legal.update({ id: item.id, mediaUploadId: video.id });
    expect(updated).toMatchObject({ media: video.path, mediaKind: 'video' });
    expect(await filesOfUpload(deps, item.media!)).toHaveLength(10);
    expect([Boolean(await deps.storage.stat(item.media!, 'private')), Boolean(await deps.storage.stat(item.media!, 'public'))]).toEqual([true, false]);
    expect(await uploadRow(item.media!)).toMatchObject({ inLibrary: 1 });
    // A video is no picture of the library: replaced, it goes.
    const picture = await makeImageUpload(deps);
    await caller.legal.update({ id: item.id, mediaUploadId: picture.id, coverAltEn: 'A picture', coverAltFa: 'یک تصویر' });
    expect(await filesOfUpload(deps, video.path)).toEqual([]);
    expect(await uploadRow(video.path)).toBeUndefined();
  });

  it('answers NOT_FOUND for a missing item', async () => {
    const { caller } = await adminCaller(deps);
    expect(await clientErrorOf(deps, caller.legal.update({ id: 5150, titleEn: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Legal awareness not found.',
    });
  });
});

describe('legal.delete', () => {
  it('removes the item and deletes its video from storage (a picture would stay in the library)', async () => {
    const item = await makeLegalItem(deps, { mediaUploadId: (await makeVideoUpload(deps)).id });
    const { caller } = await adminCaller(deps);
    expect(await stored(item.media!)).toBe(true);
    await expect(caller.legal.delete({ id: item.id })).resolves.toEqual({ id: item.id });
    expect(await filesOfUpload(deps, item.media!)).toEqual([]);
    expect(await uploadRow(item.media!)).toBeUndefined();
    expect((await clientErrorOf(deps, publicCaller(deps).legal.byId({ id: item.id }))).code).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for an item already gone', async () => {
    const { caller } = await adminCaller(deps);
    expect((await clientErrorOf(deps, caller.legal.delete({ id: 31337 }))).message).toBe('Legal awareness not found.');
  });
});
