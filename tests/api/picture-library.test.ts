import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { isUsed } from '../../src/server/editorial/item-files.ts';
import { removeStaleUploads } from '../../src/server/uploads/store.ts';
import { LIBRARY_DESCRIPTION_MAX } from '../../src/shared/library.ts';
import { makeContact, makeContent, makeImageUpload, makeLibraryPicture, makeStory, makeUser, systemCaller } from '../factories/index.ts';
import { filesOfUpload, makeVideoUpload } from '../factories/media.ts';
import { adminCaller } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf } from '../setup/errors.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { holdSession } from '../setup/trpc-http.ts';

/**
 * The picture library (docs/decisions/033): every picture an editorial item used once can be used
 * again, newest first and searchable by the descriptions it was given; deleting an item never
 * deletes a picture another item uses, and an unused picture stays, private, until an editor
 * removes it. Visitors' files never enter it.
 */

let deps: TestDeps | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  await deps?.cleanup();
  server = undefined;
  deps = undefined;
});

async function site() {
  deps = createTestDeps();
  const d = deps;
  const { caller, user, token } = await adminCaller(d);
  const row = async (path: string) => (await d.db.select().from(uploads).where(eq(uploads.path, path)).limit(1))[0];
  const side = async (path: string) => ({
    private: Boolean(await d.storage.stat(path, 'private')),
    public: Boolean(await d.storage.stat(path, 'public')),
  });
  return { deps: d, caller, user, token, row, side };
}

const doc = (...blocks: ({ picture: string; alt: string } | string)[]) => ({
  type: 'doc' as const,
  content: blocks.map((block) =>
    typeof block === 'string'
      ? { type: 'paragraph' as const, content: [{ type: 'text' as const, text: block }] }
      : { type: 'image' as const, attrs: { src: block.picture, alt: block.alt, caption: null } },
  ),
});

const newsInput = (imageUploadId: string, extra: Record<string, unknown> = {}) => ({
  titleEn: 'Title',
  titleFa: 'عنوان',
  descriptionEn: 'Words.',
  descriptionFa: 'واژه‌ها.',
  coverAltEn: 'A cover',
  coverAltFa: 'یک جلد',
  imageUploadId,
  ...extra,
});

describe('what enters the library', () => {
  it('takes in an editor’s pictures as items use them (covers, body pictures, gallery and legal pictures), with who brought them', async () => {
    const { caller, user, row } = await site();
    const cover = await makeImageUpload(deps!);
    const inline = await makeImageUpload(deps!);
    const gallery = await makeImageUpload(deps!);
    const legal = await makeImageUpload(deps!);
    const untouched = await makeImageUpload(deps!);
    await caller.news.create(newsInput(cover.id, { bodyEn: doc('Text', { picture: inline.path, alt: 'Inline' }) }));
    await caller.gallery.create({ name: 'A portrait', imageUploadId: gallery.id });
    await caller.legal.create({
      titleEn: 'Rights',
      titleFa: 'حقوق',
      descriptionEn: 'Text',
      descriptionFa: 'متن',
      coverAltEn: 'Law',
      coverAltFa: 'قانون',
      mediaUploadId: legal.id,
    });
    for (const upload of [cover, inline, gallery, legal]) expect(await row(upload.path), upload.path).toMatchObject({ inLibrary: 1, uploadedBy: user.id });
    // An upload no item used is not in the library: the daily sweep takes it as before.
    expect(await row(untouched.path)).toMatchObject({ inLibrary: 0, uploadedBy: null });
    const listed = await caller.library.list({});
    expect(listed.items.map((item) => item.path).sort()).toEqual([cover.path, inline.path, gallery.path, legal.path].sort());
    expect(listed.total).toBe(4);
  });

  it('never takes in a visitor’s story or message file, nor a video', async () => {
    const { caller, row } = await site();
    const storyPhoto = await makeImageUpload(deps!);
    const messagePhoto = await makeImageUpload(deps!);
    await makeStory(deps!, { mediaUploadId: storyPhoto.id });
    await makeContact(deps!, { imageUploadId: messagePhoto.id });
    const video = await makeVideoUpload(deps!);
    await caller.legal.create({ titleEn: 'Rights', titleFa: 'حقوق', descriptionEn: 'Text', descriptionFa: 'متن', mediaUploadId: video.id });
    for (const path of [storyPhoto.path, messagePhoto.path, video.path]) expect(await row(path), path).toMatchObject({ inLibrary: 0 });
    expect(await caller.library.list({})).toMatchObject({ items: [], total: 0 });
  });

  it('sweeps uploads never used, as before, and never a picture of the library', async () => {
    const { row } = await site();
    const kept = await makeLibraryPicture(deps!);
    const abandoned = await makeImageUpload(deps!);
    expect(await removeStaleUploads(deps!, 0, Date.now() + 3 * 86_400_000)).toBe(1);
    expect(await row(abandoned.path)).toBeUndefined();
    expect(await filesOfUpload(deps!, abandoned.path)).toEqual([]);
    expect(await row(kept.path)).toMatchObject({ inLibrary: 1 });
    expect(await filesOfUpload(deps!, kept.path)).toHaveLength(10);
  });
});

describe('using a picture again', () => {
  it('makes a library picture the cover of a second item; deleting the first keeps it, public, for the second', async () => {
    const { caller, row, side } = await site();
    const picture = await makeImageUpload(deps!);
    const first = await caller.news.create(newsInput(picture.id));
    const second = await caller.articles.create({ ...newsInput(picture.id), coverAltEn: 'The same picture, described anew', coverAltFa: 'همان تصویر' });
    expect(second.image).toBe(picture.path);
    await caller.news.delete({ id: first.id });
    expect(await row(picture.path)).toMatchObject({ inLibrary: 1 });
    expect(await side(picture.path)).toEqual({ private: false, public: true });
    expect(await filesOfUpload(deps!, picture.path)).toHaveLength(10);
    // The description and caption are the second item's own.
    expect(await caller.articles.adminById({ id: second.id })).toMatchObject({ coverAltEn: 'The same picture, described anew', coverAltFa: 'همان تصویر' });
    // Once the second is deleted too, nothing uses it: it stays in the library, privately.
    await caller.articles.delete({ id: second.id });
    expect(await side(picture.path)).toEqual({ private: true, public: false });
    expect((await caller.library.list({})).items).toMatchObject([{ path: picture.path, inUse: false }]);
  });

  it('puts a library picture into another item’s body, and a gallery item shows it too', async () => {
    const { caller, side } = await site();
    const picture = await makeLibraryPicture(deps!);
    const item = await caller.news.create(newsInput((await makeImageUpload(deps!)).id, { bodyFa: doc('متن', { picture: picture.path, alt: 'تصویر دوباره' }) }));
    expect(await side(picture.path)).toEqual({ private: false, public: true });
    await caller.gallery.create({ name: 'Again', imageUploadId: picture.id });
    await caller.news.delete({ id: item.id });
    // The gallery still shows it.
    expect(await side(picture.path)).toEqual({ private: false, public: true });
  });

  it('refuses a guessed id or path of a file outside the library: a visitor’s photo, another item’s video', async () => {
    const { caller } = await site();
    const storyPhoto = await makeImageUpload(deps!);
    await makeStory(deps!, { mediaUploadId: storyPhoto.id });
    const messagePhoto = await makeImageUpload(deps!);
    await makeContact(deps!, { imageUploadId: messagePhoto.id });
    const notFound = ['The uploaded file was not found or has expired. Please upload it again.'];
    expect(await fieldErrorsOf(deps!, caller.news.create(newsInput(storyPhoto.id)))).toEqual({ imageUploadId: notFound });
    expect(await fieldErrorsOf(deps!, caller.gallery.create({ name: 'x', imageUploadId: messagePhoto.id }))).toEqual({ imageUploadId: notFound });
    expect(
      await fieldErrorsOf(
        deps!,
        caller.legal.create({
          titleEn: 'x',
          titleFa: 'ت',
          descriptionEn: 'x',
          descriptionFa: 'ت',
          coverAltEn: 'x',
          coverAltFa: 'ت',
          mediaUploadId: storyPhoto.id,
        }),
      ),
    ).toEqual({ mediaUploadId: notFound });
    const item = await makeContent(deps!, 'news');
    expect(await fieldErrorsOf(deps!, caller.news.update({ id: item.id, bodyEn: doc({ picture: messagePhoto.path, alt: 'x' }) }))).toEqual({
      bodyEn: notFound,
    });
    // A legal item's video is used by one item only.
    const video = await makeVideoUpload(deps!);
    await caller.legal.create({ titleEn: 'x', titleFa: 'ت', descriptionEn: 'x', descriptionFa: 'ت', mediaUploadId: video.id });
    expect(
      await fieldErrorsOf(deps!, caller.legal.create({ titleEn: 'y', titleFa: 'ی', descriptionEn: 'y', descriptionFa: 'ی', mediaUploadId: video.id })),
    ).toEqual({ mediaUploadId: notFound });
    // Nor can the library remove a visitor's file.
    expect(await clientErrorOf(deps!, caller.library.remove({ id: storyPhoto.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This picture is not in the library.',
    });
  });

  it('keeps a body picture the item already holds when it is saved again, whatever it is', async () => {
    const { caller, row } = await site();
    const item = await makeContent(deps!, 'news');
    const picture = await makeImageUpload(deps!);
    await caller.news.update({ id: item.id, bodyEn: doc({ picture: picture.path, alt: 'First' }) });
    // Taken out of the library by hand (as a picture older than the library could be): still the item's own.
    await deps!.db.transaction((tx) => tx.update(uploads).set({ inLibrary: 0 }).where(eq(uploads.path, picture.path)));
    await expect(caller.news.update({ id: item.id, bodyEn: doc('Again', { picture: picture.path, alt: 'First' }) })).resolves.toMatchObject({ id: item.id });
    expect(await row(picture.path)).toMatchObject({ inLibrary: 0 });
  });
});

describe('removing a picture from the library', () => {
  it('is refused while any item uses it, even only in an earlier version; allowed once unused, and the file is gone', async () => {
    const { caller, row } = await site();
    const picture = await makeImageUpload(deps!);
    const item = await caller.news.create(newsInput((await makeImageUpload(deps!)).id, { bodyEn: doc('Text', { picture: picture.path, alt: 'In the text' }) }));
    const inUse = 'This picture is still used by an item (or one of its earlier versions), so it stays in the library.';
    expect(await clientErrorOf(deps!, caller.library.remove({ id: picture.id }))).toMatchObject({ code: 'CONFLICT', message: inUse });
    // Taken out of the text, it is still in the item's first revision.
    await caller.news.update({ id: item.id, bodyEn: doc('Text without it') });
    expect(await isUsed(deps!.db, picture.path)).toBe(true);
    expect((await caller.library.list({})).items.find((entry) => entry.id === picture.id)).toMatchObject({ inUse: true });
    const persian = (await adminCaller(deps!, { lang: 'fa' })).caller;
    expect(await clientErrorOf(deps!, persian.library.remove({ id: picture.id }), 'fa')).toMatchObject({
      code: 'CONFLICT',
      message: 'این تصویر هنوز در یک مطلب (یا یکی از نسخه‌های پیشین آن) به کار رفته است، پس در کتابخانه می‌ماند.',
    });
    await caller.news.delete({ id: item.id });
    expect(await filesOfUpload(deps!, picture.path)).toHaveLength(10);
    await expect(caller.library.remove({ id: picture.id })).resolves.toEqual({ id: picture.id });
    expect(await row(picture.path)).toBeUndefined();
    expect(await filesOfUpload(deps!, picture.path)).toEqual([]);
    expect(await clientErrorOf(deps!, caller.library.remove({ id: picture.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is an editor’s: a writer browses the library and uses its pictures in her drafts, but cannot remove one', async () => {
    const { caller } = await site();
    const picture = await makeLibraryPicture(deps!);
    const writer = systemCaller(deps!, await makeUser(deps!, { role: 'writer' }));
    expect((await writer.library.list({})).items.map((item) => item.id)).toEqual([picture.id]);
    const draft = await writer.news.create({ ...newsInput(picture.id), status: 'draft' });
    expect(draft.image).toBe(picture.path);
    await caller.news.delete({ id: draft.id });
    expect(await clientErrorOf(deps!, writer.library.remove({ id: picture.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your account’s role does not allow this.',
    });
    expect((await caller.library.list({})).total).toBe(1);
  });
});

describe('browsing the library', () => {
  it('lists the newest first, with thumbnails editors can see and visitors cannot while unused', async () => {
    const { caller, token } = await site();
    const older = await makeLibraryPicture(deps!);
    const newer = await makeLibraryPicture(deps!);
    const page = await caller.library.list({ page: 1, pageSize: 12 });
    expect(page.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(page.items[0]).toMatchObject({ width: 64, height: 64, inUse: false, url: `/media/private/${newer.path}` });
    expect(page.items[0]!.thumbnailUrl).toMatch(/^\/media\/private\/images\/[a-z0-9]+-w480\.webp$/);
    expect((await caller.library.list({ page: 2, pageSize: 1 })).items.map((item) => item.id)).toEqual([older.id]);

    server = await startServer(deps!);
    const editor = new CookieClient(server.url);
    await holdSession(editor, token);
    const visitor = new CookieClient(server.url);
    const status = async (client: CookieClient, url: string) => {
      const response = await client.fetch(url);
      await response.arrayBuffer();
      return response.status;
    };
    expect(await status(editor, page.items[0]!.thumbnailUrl)).toBe(200);
    expect(await status(visitor, page.items[0]!.thumbnailUrl)).toBe(404);
    expect(await status(visitor, `/storage/${newer.path}`)).toBe(404);
  });

  it('finds pictures by the descriptions they were given, in either language, newest words first and bounded', async () => {
    const { caller } = await site();
    const river = await makeImageUpload(deps!);
    const market = await makeImageUpload(deps!);
    await caller.news.create(newsInput(river.id, { coverAltEn: 'Women by the Kabul River', coverAltFa: 'زنان کنار رود کابل' }));
    const item = await caller.news.create(newsInput(market.id, { coverAltEn: 'A market in Herat', coverAltFa: 'بازاری در هرات' }));
    await caller.news.update({ id: item.id, bodyEn: doc({ picture: river.path, alt: 'The river at 50% flow_rate' }) });
    const found = async (q: string) => (await caller.library.list({ q })).items.map((entry) => entry.id);
    expect(await found('kabul river')).toEqual([river.id]);
    expect(await found('رود')).toEqual([river.id]);
    expect(await found('هرات')).toEqual([market.id]);
    expect((await found('a')).sort()).toEqual([river.id, market.id].sort());
    // % and _ are letters to look for, not wildcards.
    expect(await found('50% flow_')).toEqual([river.id]);
    expect(await found('%')).toEqual([river.id]);
    expect(await found('w_men')).toEqual([]);
    expect(await found('nowhere')).toEqual([]);
    const [listed] = (await caller.library.list({ q: 'river' })).items;
    expect(listed!.description!.split('\n')).toEqual(['The river at 50% flow_rate', 'Women by the Kabul River', 'زنان کنار رود کابل']);

    // Many saves with long descriptions: the newest are kept, the whole never past the bound.
    for (let round = 0; round < 12; round += 1)
      await caller.news.update({ id: item.id, coverAltEn: `Round ${round} ${'x'.repeat(300)}`, coverAltFa: `دور ${round}` });
    const [bounded] = (await caller.library.list({ q: 'herat' })).items;
    expect(bounded).toBeUndefined();
    const [latest] = (await caller.library.list({ q: 'round 11' })).items;
    expect(latest!.description!.length).toBeLessThanOrEqual(LIBRARY_DESCRIPTION_MAX);
    expect(latest!.description!.split('\n')[0]).toBe(`Round 11 ${'x'.repeat(300)}`);
  });

  it('refuses a search longer than the search boxes allow', async () => {
    const { caller } = await site();
    expect(await clientErrorOf(deps!, caller.library.list({ q: 'x'.repeat(201) }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
