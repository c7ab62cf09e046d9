import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { posts, uploads } from '../../src/server/db/schema.ts';
import type { ContentKind } from '../../src/shared/schemas/content.ts';
import { makeContent, makeImageUpload, makeStory } from '../factories/index.ts';
import { filesOfUpload, makeVideoUpload } from '../factories/media.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf, rejectionOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { isStored } from '../setup/stored.ts';

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

const stored = async (relativePath: string) => await isStored(deps.storage, relativePath);
/** The file and its variants, all on the private side, none public (docs/decisions/033). */
const inLibraryPrivately = async (relativePath: string) =>
  (await filesOfUpload(deps, relativePath)).length === 10 &&
  Boolean(await deps.storage.stat(relativePath, 'private')) &&
  !(await deps.storage.stat(relativePath, 'public'));
const uploadRow = async (relativePath: string) => (await deps.db.select().from(uploads).where(eq(uploads.path, relativePath)).limit(1))[0];

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
      await deps.db.transaction((tx) =>
        tx
          .update(posts)
          .set({ createdAt: new Date(Date.now() - 86_400_000) })
          .where(eq(posts.id, older.id)),
      );
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
        coverAltEn: 'Cover picture',
        coverAltFa: 'تصویر جلد',
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
        coverAltEn: 'Cover picture',
        coverAltFa: 'تصویر جلد',
        imageUploadId: image.id,
        category: 'health',
        country: 'afghanistan',
      });
      expect(created).toMatchObject({ kind, image: image.path, category: 'health', country: 'afghanistan', media: [] });
      expect((await uploadRow(image.path))?.attachedAt).toBeInstanceOf(Date);
      expect((await publicCaller(deps)[router].list({})).items.map((item) => item.id)).toEqual([created.id]);
    });

    it('refuses the upload of a visitor’s story, which is no picture of the library', async () => {
      const { caller } = await adminCaller(deps);
      const image = await makeImageUpload(deps);
      await makeStory(deps, { mediaUploadId: image.id });
      const input = {
        titleEn: 'T',
        titleFa: 'ت',
        descriptionEn: 'D',
        descriptionFa: 'د',
        coverAltEn: 'Cover picture',
        coverAltFa: 'تصویر جلد',
        imageUploadId: image.id,
      };
      expect(await fieldErrorsOf(deps, caller[router].create(input))).toEqual({
        imageUploadId: ['The uploaded file was not found or has expired. Please upload it again.'],
      });
      expect((await publicCaller(deps)[router].list({})).total).toBe(0);
    });

    it('refuses a video as the image and leaves the video unclaimed', async () => {
      const { caller } = await adminCaller(deps);
      const video = await makeVideoUpload(deps);
      const errors = await fieldErrorsOf(
        deps,
        caller[router].create({
          titleEn: 'T',
          titleFa: 'ت',
          descriptionEn: 'D',
          descriptionFa: 'د',
          coverAltEn: 'Cover picture',
          coverAltFa: 'تصویر جلد',
          imageUploadId: video.id,
        }),
      );
      expect(errors).toEqual({ imageUploadId: ['This field accepts images only.'] });
      expect((await uploadRow(video.path))?.attachedAt).toBeNull();
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

    it('replaces the image and keeps the old one in the picture library, private', async () => {
      const original = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      const replacement = await makeImageUpload(deps);
      expect(await stored(original.image)).toBe(true);
      const updated = await caller[router].update({ id: original.id, imageUploadId: replacement.id, coverAltEn: 'A new picture', coverAltFa: 'تصویری تازه' });
      expect(updated.image).toBe(replacement.path);
      expect(updated).toMatchObject({ coverAltEn: 'A new picture', coverAltFa: 'تصویری تازه' });
      expect(await inLibraryPrivately(original.image)).toBe(true);
      expect(await uploadRow(original.image)).toMatchObject({ inLibrary: 1 });
      expect(await stored(replacement.path)).toBe(true);
    });

    it('refuses a new cover picture without its description and keeps the old one', async () => {
      const original = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      const replacement = await makeImageUpload(deps);
      await expect(caller[router].update({ id: original.id, imageUploadId: replacement.id, coverAltEn: 'Only in English' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      expect((await caller[router].adminById({ id: original.id })).image).toBe(original.image);
      expect(await stored(original.image)).toBe(true);
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
      expect((await uploadRow(replacement.path))?.attachedAt).toBeNull();
    });
  });

  describe('delete', () => {
    it('removes the item and keeps its image in the picture library, private', async () => {
      const item = await makeContent(deps, kind);
      const { caller } = await adminCaller(deps);
      expect(await stored(item.image)).toBe(true);
      await expect(caller[router].delete({ id: item.id })).resolves.toEqual({ id: item.id });
      expect(await inLibraryPrivately(item.image)).toBe(true);
      expect(await uploadRow(item.image)).toMatchObject({ inLibrary: 1 });
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

describe('long lists', () => {
  /** Rows written straight to the table (as a restored backup or a bulk import would), with runs of equal dates. */
  async function fillPosts(count: number) {
    const start = Date.now();
    const rows = Array.from({ length: count }, (_, i) => {
      const at = new Date(start - Math.floor(i / 3) * 1000);
      return {
        kind: 'news' as const,
        titleEn: `Item ${i}`,
        titleFa: 'عنوان',
        descriptionEn: 'Body',
        descriptionFa: 'متن',
        image: 'images/x.jpg',
        category: i % 4 === 0 ? 'top' : null,
        country: i % 3 === 0 ? 'iran' : 'afghanistan',
        createdAt: at,
        updatedAt: at,
      };
    });
    await deps.db.transaction(async (tx) => {
      for (let from = 0; from < rows.length; from += 500) await tx.insert(posts).values(rows.slice(from, from + 500));
    });
  }

  /** The same list by the plainest query there is. */
  async function expected(filter: { category?: string; country?: string }): Promise<number[]> {
    const where = and(
      eq(posts.kind, 'news'),
      filter.category ? eq(posts.category, filter.category) : undefined,
      filter.country ? eq(posts.country, filter.country) : undefined,
    );
    const rows = await deps.db.select({ id: posts.id }).from(posts).where(where).orderBy(desc(posts.createdAt), desc(posts.id));
    return rows.map((row) => row.id);
  }

  it('pages deep into the list exactly as one ordered query over the whole table, with filters and equal dates', async () => {
    await fillPosts(2400);
    const filters = [{}, { category: 'top' }, { country: 'iran' }, { category: 'top', country: 'iran' }] as const;
    for (const filter of filters) {
      const all = await expected(filter);
      for (const pageSize of [50, 7]) {
        for (let page = 1; (page - 1) * pageSize <= all.length + pageSize; page += pageSize === 7 ? 13 : 1) {
          const result = await publicCaller(deps).news.list({ ...filter, page, pageSize });
          expect(result.total, JSON.stringify({ filter, page, pageSize })).toBe(all.length);
          expect(
            result.items.map((item) => item.id),
            JSON.stringify({ filter, page, pageSize }),
          ).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
        }
      }
    }
  });

  it('counts and pages again after every change', async () => {
    await fillPosts(600);
    const deep = { page: 7, pageSize: 50 };
    const before = await publicCaller(deps).news.list(deep);
    expect(before.total).toBe(600);
    const added = await makeContent(deps, 'news');
    const after = await publicCaller(deps).news.list(deep);
    expect(after.total).toBe(601);
    expect(after.items.map((item) => item.id)).toEqual((await expected({})).slice(300, 350));
    expect(after.items[1]!.id).toBe(before.items[0]!.id);
    const { caller } = await adminCaller(deps);
    await caller.news.delete({ id: added.id });
    expect((await publicCaller(deps).news.list(deep)).items).toEqual(before.items);
    expect((await publicCaller(deps).news.list({ page: 1000 })).items).toEqual([]);
  });
});

describe('list previews', () => {
  // Stored trimmed, as every form field is.
  const english = 'Teachers in Herat describe how they keep classes going for girls who are barred from school. '.repeat(30).trim();
  const persian = 'معلمان در هرات می‌گویند چگونه کلاس‌ها را برای دخترانی که از مدرسه محروم شده‌اند ادامه می‌دهند. '.repeat(30).trim();

  async function makeLongItem() {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    return caller.news.create({
      titleEn: 'Schools at home',
      titleFa: 'مدرسه در خانه',
      descriptionEn: english,
      descriptionFa: persian,
      coverAltEn: 'Cover picture',
      coverAltFa: 'تصویر جلد',
      imageUploadId: image.id,
      media: [{ link: 'https://youtu.be/dQw4w9WgXcQ', titleEn: 'A lesson', descriptionEn: 'Filmed in a living room.' }],
    });
  }

  it('cuts both descriptions to the length asked for, after a whole word, and keeps the media', async () => {
    const created = await makeLongItem();
    const short = await makeContent(deps, 'news', { descriptionEn: 'Short enough.', descriptionFa: 'کوتاه.' });
    const page = await publicCaller(deps).news.list({ excerpt: 120 });
    const item = page.items.find((entry) => entry.id === created.id)!;
    for (const [cut, full] of [
      [item.descriptionEn, english],
      [item.descriptionFa, persian],
    ] as const) {
      expect(Array.from(cut).length).toBeLessThanOrEqual(120);
      expect(Array.from(cut).length).toBeGreaterThan(80);
      expect(cut.endsWith('…')).toBe(true);
      const kept = cut.slice(0, -1);
      expect(full.startsWith(kept)).toBe(true);
      expect(full[kept.length]).toMatch(/\s/);
    }
    expect(item.media).toEqual([
      { link: 'https://youtu.be/dQw4w9WgXcQ', titleEn: 'A lesson', titleFa: null, descriptionEn: 'Filmed in a living room.', descriptionFa: null },
    ]);
    expect(item.titleEn).toBe('Schools at home');
    expect(page.items.find((entry) => entry.id === short.id)).toMatchObject({ descriptionEn: 'Short enough.', descriptionFa: 'کوتاه.' });
  });

  it('gives whole descriptions without it, in the list and on the item', async () => {
    const created = await makeLongItem();
    expect((await publicCaller(deps).news.list({})).items[0]!.descriptionFa).toBe(persian);
    expect((await publicCaller(deps).news.byId({ id: created.id })).descriptionEn).toBe(english);
  });

  it('takes a whole number of characters from 40 to 2000', async () => {
    await makeLongItem();
    for (const excerpt of [39, 2001, 80.5]) {
      expect((await rejectionOf(publicCaller(deps).news.list({ excerpt }))).code, String(excerpt)).toBe('BAD_REQUEST');
    }
    const longest = await publicCaller(deps).news.list({ excerpt: 2000 });
    expect(Array.from(longest.items[0]!.descriptionEn).length).toBeLessThanOrEqual(2000);
    expect(Array.from(longest.items[0]!.descriptionEn).length).toBeGreaterThan(1900);
  });
});
