import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContent, makeGalleryItem, makeLegalItem, makeStory } from '../factories/index.ts';
import { insertPost } from '../factories/search-content.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * The search box of the admin lists: each list procedure takes `q` and answers the matching items
 * of its own kind, every status included, in the list's own row shape, page by page.
 */
let deps: TestDeps;
let admin: Awaited<ReturnType<typeof adminCaller>>['caller'];
const ids: Record<string, number> = {};

beforeAll(async () => {
  deps = createTestDeps();
  admin = (await adminCaller(deps)).caller;
  ids.draft = (await makeContent(deps, 'news', { titleEn: 'Quokka draft about midwives', titleFa: 'پیش‌نویس درباره ماماها', status: 'draft' })).id;
  ids.scheduled = (
    await makeContent(deps, 'news', { titleEn: 'Scheduled news for midwives', status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000) })
  ).id;
  ids.published = (await makeContent(deps, 'news', { titleEn: 'Published news on schools' })).id;
  ids.article = (await makeContent(deps, 'article', { titleEn: 'An article about midwives' })).id;
  ids.legal = (await makeLegalItem(deps, { titleEn: 'Midwives and the law', status: 'draft' })).id;
  ids.story = await makeStory(deps, { title: 'A midwife in Kabul', description: 'She helped us.' });
  ids.gallery = (await makeGalleryItem(deps, { name: 'Midwives at work' })).id;
});
afterAll(() => deps.cleanup());

describe('admin lists narrowed by a search', () => {
  it('finds drafts and scheduled items of the list’s kind only, as list rows with their status', async () => {
    const found = await admin.news.adminList({ q: 'midwives' });
    expect(found.items.map((item) => item.id).sort()).toEqual([ids.draft, ids.scheduled].sort());
    expect(found.total).toBe(2);
    const draft = found.items.find((item) => item.id === ids.draft)!;
    expect(draft).toMatchObject({ status: 'draft', titleEn: 'Quokka draft about midwives', titleFa: 'پیش‌نویس درباره ماماها' });

    expect((await admin.articles.adminList({ q: 'midwives' })).items.map((item) => item.id)).toEqual([ids.article]);
    expect((await admin.legal.adminList({ q: 'midwives' })).items.map((item) => item.id)).toEqual([ids.legal]);
    expect((await admin.stories.list({ q: 'midwife' })).items.map((item) => item.id)).toEqual([ids.story]);
    expect((await admin.gallery.list({ q: 'midwives' })).items.map((item) => item.id)).toEqual([ids.gallery]);
  });

  it('finds a draft by a Persian word, however it was typed', async () => {
    const found = await admin.news.adminList({ q: 'ماماها' });
    expect(found.items.map((item) => item.id)).toEqual([ids.draft]);
    // An Arabic kaf and yeh, and no zero-width non-joiner, find the same item.
    expect((await admin.news.adminList({ q: 'پيشنويس' })).items.map((item) => item.id)).toEqual([ids.draft]);
  });

  it('searches across every status whatever the status filter says', async () => {
    const found = await admin.news.adminList({ q: 'midwives', status: 'published' });
    expect(found.items.map((item) => item.id).sort()).toEqual([ids.draft, ids.scheduled].sort());
  });

  it('answers an empty page for a word nothing has, and the whole list for a blank query', async () => {
    expect(await admin.news.adminList({ q: 'zebracorn' })).toMatchObject({ items: [], total: 0 });
    const whole = await admin.news.adminList({ q: '   ' });
    expect(whole.total).toBe(3);
  });

  it('treats query syntax as words and refuses an over-long query with a message', async () => {
    for (const q of ['"midwives', 'midwives OR', 'NEAR(', '*', 'title:midwives', ')(']) {
      await expect(admin.news.adminList({ q })).resolves.toMatchObject({ page: 1 });
    }
    const error = await clientErrorOf(deps, admin.news.adminList({ q: 'x'.repeat(201) }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fieldErrors?.q?.[0]).toMatch(/200/);
    const persian = await clientErrorOf(deps, admin.news.adminList({ q: 'x'.repeat(201) }), 'fa');
    expect(persian.fieldErrors?.q?.[0]).toMatch(/۲۰۰/);
  });

  it('pages through the matches, best first, without repeating one', async () => {
    const local = createTestDeps();
    try {
      const caller = (await adminCaller(local)).caller;
      for (let index = 0; index < 15; index++) await insertPost(local, { titleEn: `Harvest report number ${index}`, daysAgo: index });
      await insertPost(local, { titleEn: 'Unrelated' });
      const first = await caller.news.adminList({ q: 'harvest', pageSize: 12 });
      const second = await caller.news.adminList({ q: 'harvest', page: 2, pageSize: 12 });
      expect(first.total).toBe(15);
      expect(first.items).toHaveLength(12);
      expect(second.items).toHaveLength(3);
      expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(15);
      // The same order as the search: the newest of equally relevant items first.
      expect(first.items[0]!.titleEn).toBe('Harvest report number 0');
    } finally {
      await local.cleanup();
    }
  });

  it('never lets the public find what only editors may see through the gallery list', async () => {
    const visitor = publicCaller(deps);
    expect((await visitor.gallery.list({ q: 'midwives' })).items.map((item) => item.id)).toEqual([ids.gallery]);
    await expect(visitor.news.adminList({ q: 'midwives' })).rejects.toThrow();
    await expect(visitor.stories.list({ q: 'midwife' })).rejects.toThrow();
  });
});
