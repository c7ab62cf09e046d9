import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { posts, uploads } from '../../src/server/db/schema.ts';
import type { ContentKind } from '../../src/shared/schemas/content.ts';
import { makeContent, makeImageUpload } from '../factories/index.ts';
import { filesOfUpload, makeVideoUpload } from '../factories/media.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf, rejectionOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

const kinds = [
  { router: 'news', kind: 'news', notFound: 'News not found.' },
  { router: 'articles', kind: 'article', notFound: 'Article not found.' },
  { router: 'reports', kind: 'report', notFound: 'Report not found.' },
] as const satisfies readonly { router: string; kind: ContentKind; notFound: string }[];

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const stored = (relativePath: string) => fs.existsSync(deps.storage.absolute(relativePath));
const uploadRow = (relativePath: string) => deps.db.select().from(uploads).where(eq(uploads.path, relativePath)).get();

describe.each(kinds)('$router', ({ router, kind, notFound }) => {
  describe('list', () => {
    it('shows visitors the items newest first, with the total', async () => {
      const first = await makeContent(deps, kind);
      const second = await makeContent(deps, kind);
      const third = await makeContent(deps, kind);
      const page = await publicCaller(deps)[router].list({});
      expect(page.items.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
      expect(page.total).toBe(3);
    });

    it('orders by creation time, not by the order rows were written', async () => {
      const newer = await makeContent(deps, kind);
      const older = await makeContent(deps, kind);
      deps.db
        .update(posts)
        .set({ createdAt: new Date(Date.now() - 86_400_000) })
        .where(eq(posts.id, older.id))
        .run();
      const page = await publicCaller(deps)[router].list({});
      expect(page.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    });

    it('pages through the items with page and pageSize, the total staying whole', async () => {
      const made = [];
      for (let i = 0; i < 5; i += 1) made.push(await makeContent(deps, kind));
      const newestFirst = made.map((item) => item.id).reverse();
      const pageOne = await publicCaller(deps)[router].list({ page: 1, pageSize: 2 });
      const pageThree = await publicCaller(deps)[router].list({ page: 3, pageSize: 2 });
      expect(pageOne).toMatchObject({ total: 5, page: 1, pageSize: 2 });
      expect(pageOne.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
      expect(pageThree.items.map((item) => item.id)).toEqual(newestFirst.slice(4));
    });

    it('shows only its own kind', async () => {
      const own = await makeContent(deps, kind);
      await makeContent(deps, kind === 'news' ? 'article' : 'news');
      const page = await publicCaller(deps)[router].list({});
      expect(page.items.map((item) => item.id)).toEqual([own.id]);
      expect(page.total).toBe(1);
    });

    it('filters by category and by country', async () => {
      const topIran = await makeContent(deps, kind, { category: 'top', country: 'iran' });
      const topAfghanistan = await makeContent(deps, kind, { category: 'top', country: 'afghanistan' });
      const latestIran = await makeContent(deps, kind, { category: 'latest', country: 'iran' });
      const ids = async (filter: { category?: 'top' | 'latest'; country?: 'iran' | 'afghanistan' }) => {
        const page = await publicCaller(deps)[router].list(filter);
        expect(page.total).toBe(page.items.length);
        return page.items.map((item) => item.id);
      };
      expect(await ids({ category: 'top' })).toEqual([topAfghanistan.id, topIran.id]);
      expect(await ids({ country: 'iran' })).toEqual([latestIran.id, topIran.id]);
      expect(await ids({ category: 'top', country: 'iran' })).toEqual([topIran.id]);
    });
  });

  describe('byId', () => {
    it('gives visitors one item with its media', async () => {
      const { caller } = await adminCaller(deps);
      const image = await makeImageUpload(deps);
      const created = await caller[router].create({
        titleEn: 'Court rules on custody',
        titleFa: 'رأی دادگاه دربارهٔ حضانت',
        descriptionEn: 'The ruling in full.',
        descriptionFa: 'متن کامل رأی.',
        imageUploadId: image.id,
        media: [
          { link: 'https://youtu.be/dQw4w9WgXcQ', titleEn: 'Interview', titleFa: 'گفت‌وگو' },
          { link: '', titleEn: '' },
        ],
      });
      const item = await publicCaller(deps)[router].byId({ id: created.id });
      expect(item).toMatchObject({ kind, titleEn: 'Court rules on custody', titleFa: 'رأی دادگاه دربارهٔ حضانت', image: image.path });
      expect(item.media).toEqual([
        { link: 'https://youtu.be/dQw4w9WgXcQ', titleEn: 'Interview', titleFa: 'گفت‌وگو', descriptionEn: null, descriptionFa: null },
      ]);
    });

    it(`answers NOT_FOUND "${notFound}" for a missing id and for an item of another kind`, async () => {
      const other = await makeContent(deps, kind === 'report' ? 'news' : 'report');
      for (const id of [other.id + 1000, other.id]) {
        const error = await clientErrorOf(deps, publicCaller(deps)[router].byId({ id }));
        expect(error).toMatchObject({ code: 'NOT_FOUND', message: notFound });
      }
    });
  });

  describe('create', () => {
    it('stores the item with its image and claims the upload', async () => {
      const { caller } = await adminCaller(deps);
      const image = await makeImageUpload(deps);
      const created = await caller[router].create({
        titleEn: 'T',
        titleFa: 'ت',
        descriptionEn: 'D',
        descriptionFa: 'د',
        imageUploadId: image.id,
        category: 'health',
        country: 'afghanistan',
      });
      expect(created).toMatchObject({ kind, image: image.path, category: 'health', country: 'afghanistan', media: [] });
      expect(uploadRow(image.path)?.attachedAt).toBeInstanceOf(Date);
      expect((await publicCaller(deps)[router].list({})).items.map((item) => item.id)).toEqual([created.id]);
    });

    it('refuses an upload that another item has already claimed', async () => {
      const { caller } = await adminCaller(deps);
      const image = await makeImageUpload(deps);
      const input = { titleEn: 'T', titleFa: 'ت', descriptionEn: 'D', descriptionFa: 'د', imageUploadId: image.id };
      await caller[router].create(input);
      expect(await fieldErrorsOf(deps, caller[router].create(input))).toEqual({
        imageUploadId: ['The uploaded file was not found or has expired. Please upload it again.'],
      });
      expect((await publicCaller(deps)[router].list({})).total).toBe(1);
    });

    it('refuses a video as the image and leaves the video unclaimed', async () => {
      const { caller } = await adminCaller(deps);
      const video = await makeVideoUpload(deps);
      const errors = await fieldErrorsOf(
        deps,
        caller[router].create({ titleEn: 'T', titleFa: 'ت', descriptionEn: 'D', descriptionFa: 'د', imageUploadId: video.id }),
      );
      expect(errors).toEqual({ imageUploadId: ['This field accepts images only.'] });
      expect(uploadRow(video.path)?.attachedAt).toBeNull();
    });
  });

  describe('update', () => {
    it('changes only the fields given non-empty', async () => {
      const original = await makeContent(deps, kind, {
        titleEn: 'Old title',
        titleFa: 'عنوان قدیم',
        descriptionEn: 'Old text',
        category: 'top',
        country: 'iran',
      });
      const { caller } = await adminCaller(deps);
      const updated = await caller[router].update({ id: original.id, titleEn: 'New title', titleFa: '', descriptionEn: '   ' });
      expect(updated).toMatchObject({
        titleEn: 'New title',
        titleFa: 'عنوان قدیم',
        descriptionEn: 'Old text',
        descriptionFa: original.descriptionFa,
        image: original.image,
        category: 'top',
        country: 'iran',
      });
      expect(await publicCaller(deps)[router].byId({ id: original.id })).toMatchObject({ titleEn: 'New title', titleFa: 'عنوان قدیم' });
    });

    it('replaces the image and deletes the old file', async () => {
      const original = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      const replacement = await makeImageUpload(deps);
      expect(stored(original.image)).toBe(true);
      const updated = await caller[router].update({ id: original.id, imageUploadId: replacement.id });
      expect(updated.image).toBe(replacement.path);
      expect(filesOfUpload(deps, original.image)).toEqual([]);
      expect(uploadRow(original.image)).toBeUndefined();
      expect(stored(replacement.path)).toBe(true);
    });

    it('replaces the media list when one is given', async () => {
      const original = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      const updated = await caller[router].update({ id: original.id, media: [{ link: 'https://example.org/source' }] });
      expect(updated.media.map((m) => m.link)).toEqual(['https://example.org/source']);
    });

    it(`answers NOT_FOUND for a missing item and leaves the new image unclaimed`, async () => {
      const { caller } = await adminCaller(deps);
      const replacement = await makeImageUpload(deps);
      const error = await rejectionOf(caller[router].update({ id: 9999, titleEn: 'x', imageUploadId: replacement.id }));
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: notFound });
      expect(uploadRow(replacement.path)?.attachedAt).toBeNull();
    });
  });

  describe('delete', () => {
    it('removes the item and deletes its image from storage', async () => {
      const item = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      expect(stored(item.image)).toBe(true);
      await expect(caller[router].delete({ id: item.id })).resolves.toEqual({ id: item.id });
      expect(filesOfUpload(deps, item.image)).toEqual([]);
      expect(uploadRow(item.image)).toBeUndefined();
      expect((await rejectionOf(publicCaller(deps)[router].byId({ id: item.id }))).code).toBe('NOT_FOUND');
    });

    it('answers NOT_FOUND for an item already gone', async () => {
      const item = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      await caller[router].delete({ id: item.id });
      expect(await rejectionOf(caller[router].delete({ id: item.id }))).toMatchObject({ code: 'NOT_FOUND', message: notFound });
    });
  });
});
