import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RESULTS, type SearchHit } from '../../src/server/search/engine.ts';
import type { SearchInput } from '../../src/shared/schemas/search.ts';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { insertGallery, insertLegal, insertPost, insertStory } from '../factories/search-content.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { repoRoot } from '../setup/paths.ts';
import { breakSearchIndex, emptySearchIndex, searchDocumentCount, searchPendingCount } from '../setup/search-index.ts';
import { sqliteColumn, sqliteValue } from '../setup/sqlite-file.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const text = (parts: SearchHit['title']) => parts.map((part) => part.text).join('');
const marked = (parts: SearchHit['title']) => parts.filter((part) => part.mark).map((part) => part.text);

function searchAs(deps: TestDeps, lang: 'en' | 'fa' = 'en') {
  return (q: string, more: Partial<SearchInput> = {}) => publicCaller(deps, { lang }).search.query({ q, ...more });
}

describe('search: what is found', () => {
  let deps: TestDeps;
  beforeEach(() => {
    deps = createTestDeps();
  });
  afterEach(() => deps.cleanup());

  it('finds every kind of item by title and body, in both languages, with the matched words marked', async () => {
    const news = await insertPost(deps, { kind: 'news', titleEn: 'Teachers strike in Herat', descriptionFa: 'معلمان هرات اعتصاب کردند.' });
    const report = await insertPost(deps, { kind: 'report', titleEn: 'Annual report', descriptionEn: 'Teachers were paid late.' });
    const legal = await insertLegal(deps, { titleEn: 'Your right to teach', descriptionFa: 'حق معلمان برای تدریس' });
    const story = await insertStory(deps, { title: 'داستان یک معلم', description: 'من معلم بودم.', published: true });
    const gallery = await insertGallery(deps, 'Teachers at the gate');
    const search = searchAs(deps);

    const english = await search('teachers');
    expect(english.items.map((hit) => [hit.type, hit.id]).sort()).toEqual(
      [
        ['gallery', gallery],
        ['news', news],
        ['report', report],
      ].sort(),
    );
    const first = english.items.find((hit) => hit.type === 'report')!;
    expect(marked(first.snippet)).toEqual(['Teachers']);

    const persian = await searchAs(deps, 'fa')('معلمان');
    expect(persian.items.map((hit) => [hit.type, hit.id]).sort()).toEqual(
      [
        ['legal', legal],
        ['news', news],
      ].sort(),
    );
    expect((await search('معلم')).items.map((hit) => [hit.type, hit.id])).toEqual([['story', story]]);
  });

  it('finds an English plural by its singular and the other way round', async () => {
    const id = await insertPost(deps, { titleEn: 'Schools reopen', descriptionEn: 'The girls returned to their classes.' });
    for (const q of ['school', 'SCHOOLS', 'class', 'girl returning'])
      expect(
        (await searchAs(deps)(q)).items.map((hit) => hit.id),
        q,
      ).toEqual([id]);
  });

  it('finds an irregular English plural by its singular and the other way round (women and woman)', async () => {
    const plural = await insertPost(deps, { titleEn: 'Women lead the march', descriptionEn: 'Their children walked with them.' });
    const singular = await insertPost(deps, { titleEn: 'A woman speaks', descriptionEn: 'One child listened; people gathered.' });
    const search = searchAs(deps);
    for (const q of ['women', 'woman', 'WOMAN', 'child', 'children'])
      expect((await search(q)).items.map((hit) => hit.id).sort(), q).toEqual([plural, singular].sort());
    expect((await search('person')).items.map((hit) => hit.id)).toEqual([singular]);
  });

  it('finds Persian however either keyboard wrote it', async () => {
    const id = await insertPost(deps, {
      titleFa: 'دختران می‌خواهند به مدرسه‌ها برگردند',
      descriptionFa: 'در سال ۱۴۰۲ کلاس‌های بزرگ‌ترین مدرسه بسته شد؛ علی و كريم گزارش دادند.',
    });
    const search = searchAs(deps, 'fa');
    const spellings = [
      'میخواهند',
      'می خواهند',
      'می‌خواهند',
      'مي‌خواهند',
      'مدرسه ها',
      'مدرسهها',
      'مدرسه‌ها',
      'مدرسة',
      'كلاسهای',
      'کلاس های',
      'بزرگ ترین',
      'بزرگترین',
      '1402',
      '١٤٠٢',
      '۱۴۰۲',
      'کریم',
      'علي',
      'دُختَران',
      'دخـــتران',
    ];
    for (const q of spellings)
      expect(
        (await search(q)).items.map((hit) => hit.id),
        q,
      ).toEqual([id]);
    // The same letters written by a Pashto keyboard are other letters.
    expect((await search('ګزارش')).total).toBe(0);
  });

  it('shows Persian digits in Persian results and Latin digits in English ones', async () => {
    await insertPost(deps, { titleEn: 'Report of 1402', titleFa: 'گزارش ۱۴۰۲' });
    const [persian] = (await searchAs(deps, 'fa')('1402')).items;
    expect(text(persian!.title)).toBe('گزارش ۱۴۰۲');
    expect(marked(persian!.title)).toEqual(['۱۴۰۲']);
    const [english] = (await searchAs(deps, 'en')('۱۴۰۲')).items;
    expect(text(english!.title)).toBe('Report of 1402');
  });

  it('shows the title and snippet in the reader’s language, or the one that matched', async () => {
    await insertPost(deps, {
      titleEn: 'Court ruling',
      titleFa: 'حکم دادگاه',
      descriptionEn: 'The court ruled on Monday.',
      descriptionFa: 'دادگاه روز دوشنبه حکم داد.',
    });
    const [hit] = (await searchAs(deps, 'fa')('court')).items;
    expect(hit).toMatchObject({ titleLang: 'fa', snippetLang: 'en' });
    expect(text(hit!.title)).toBe('حکم دادگاه');
    expect(marked(hit!.snippet)).toEqual(['court']);
  });
});

describe('search: visibility', () => {
  let deps: TestDeps;
  beforeEach(() => {
    deps = createTestDeps();
  });
  afterEach(() => deps.cleanup());

  it('never finds a pending story, for any query, while editors do', async () => {
    const words = ['secretword', 'هرات', 'زندان', 'prison', 'escape'];
    const pending = await insertStory(deps, { title: 'secretword prison زندان', description: 'escape from هرات', published: false });
    await insertStory(deps, { title: 'A published prison story', description: 'Published.', published: true });
    const search = searchAs(deps);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...words, 'story', '"', '*', 'OR'), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(undefined, 'story' as const),
        async (query, type) => {
          const page = await search(query.join(' '), { type });
          expect(page.items.some((hit) => hit.type === 'story' && hit.id === pending)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
    const editor = (await adminCaller(deps)).caller;
    const editorHits = (await editor.search.admin({ q: 'secretword' })).items;
    expect(editorHits.map((hit) => [hit.type, hit.id, hit.public])).toEqual([['story', pending, false]]);
  });

  it('follows publish, unpublish, edits and deletion in the same transaction', async () => {
    const editor = (await adminCaller(deps)).caller;
    const search = searchAs(deps);
    const story = await insertStory(deps, { title: 'Night school', description: 'We learned at night.', published: false });
    expect((await search('night')).total).toBe(0);
    await editor.stories.publish({ id: story });
    expect((await search('night')).items.map((hit) => hit.id)).toEqual([story]);
    await editor.stories.unpublish({ id: story });
    expect((await search('night')).total).toBe(0);

    const legal = await makeLegalItem(deps, { titleEn: 'Inheritance law', descriptionEn: 'Daughters receive shares.' });
    expect((await search('inheritance')).items.map((hit) => hit.id)).toEqual([legal.id]);
    await editor.legal.update({ id: legal.id, titleEn: 'Marriage law' });
    expect((await search('inheritance')).total).toBe(0);
    expect((await search('marriage')).items.map((hit) => hit.id)).toEqual([legal.id]);
    await editor.legal.delete({ id: legal.id });
    expect((await search('marriage')).total).toBe(0);

    const news = await makeContent(deps, 'news', { titleEn: 'Curfew announced', country: 'iran' });
    expect((await search('curfew')).items.map((hit) => [hit.type, hit.id, hit.country])).toEqual([['news', news.id, 'iran']]);
    await editor.news.delete({ id: news.id });
    expect((await search('curfew')).total).toBe(0);
  });

  it('keeps no trace of deleted text in the index', async () => {
    const id = await insertPost(deps, { titleEn: 'Zanzibarquux', descriptionEn: 'Nothing else.' });
    const editor = (await adminCaller(deps)).caller;
    expect(await searchDocumentCount(deps)).toBe(1);
    await editor.news.delete({ id });
    expect(await searchDocumentCount(deps)).toBe(0);
    expect(await searchPendingCount(deps)).toBe(0);
    if (testDialect === 'sqlite') {
      // FTS5 keeps its own copy of the text and its segments: secure-delete leaves neither.
      const blobs = sqliteColumn<Buffer>(deps, 'SELECT block FROM search_index_data');
      expect(sqliteValue(deps, 'SELECT count(*) FROM search_index_content')).toBe(0);
      expect(blobs.some((blob) => blob.includes('zanzibarquux'))).toBe(false);
    }
    // PostgreSQL's dead tuples are erasure's (tests/api/erasure-postgres.test.ts covers the search copies).
  });

  it('keeps editor search to editors', async () => {
    expect(await clientErrorOf(deps, publicCaller(deps).search.admin({ q: 'x' }))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('search: ranking, filters and pages', () => {
  let deps: TestDeps;
  beforeAll(() => {
    deps = createTestDeps();
  });
  afterAll(() => deps.cleanup());

  it('puts an exact title first, then title matches, then body matches', async () => {
    const body = await insertPost(deps, { titleEn: 'Weekly digest', descriptionEn: 'Women protest in Kabul. Women protest again. Women protest.', daysAgo: 1 });
    const title = await insertPost(deps, { titleEn: 'Women protest across Kabul province', descriptionEn: 'Hundreds gathered.', daysAgo: 5 });
    const exact = await insertPost(deps, { titleEn: 'Women Protest!', descriptionEn: 'A short note.', daysAgo: 400 });
    const ids = (await searchAs(deps)('women protest')).items.map((hit) => hit.id);
    expect(ids).toEqual([exact, title, body]);
  });

  it('prefers the recent of two equally relevant items', async () => {
    const old = await insertPost(deps, { titleEn: 'Election notes', descriptionEn: 'Voting', daysAgo: 900 });
    const recent = await insertPost(deps, { titleEn: 'Election notes', descriptionEn: 'Voting', daysAgo: 2 });
    expect((await searchAs(deps)('voting')).items.map((hit) => hit.id)).toEqual([recent, old]);
  });

  it('filters by type and by country', async () => {
    const iran = await insertPost(deps, { kind: 'article', titleEn: 'Hijab law analysis', country: 'iran' });
    const afghanistan = await insertPost(deps, { kind: 'news', titleEn: 'Hijab law in Kabul', country: 'afghanistan' });
    const legal = await insertLegal(deps, { titleEn: 'Hijab law explained' });
    const search = searchAs(deps);
    expect((await search('hijab')).total).toBe(3);
    expect((await search('hijab', { type: 'article' })).items.map((hit) => hit.id)).toEqual([iran]);
    expect((await search('hijab', { type: 'legal' })).items.map((hit) => hit.id)).toEqual([legal]);
    expect((await search('hijab', { country: 'afghanistan' })).items.map((hit) => hit.id)).toEqual([afghanistan]);
    expect((await search('hijab', { country: 'iran', type: 'news' })).total).toBe(0);
  });

  it('ranks at most 1,000 matches, the newest, and still puts an older exact title first', async () => {
    const fresh = createTestDeps();
    try {
      const exact = await insertPost(fresh, { titleEn: 'Common ground', descriptionEn: 'An old piece.', daysAgo: 2000 });
      await fresh.db.transaction(async () => {
        for (let index = 0; index < MAX_RESULTS + 5; index++)
          await insertPost(fresh, { titleEn: `Report ${index}`, descriptionEn: 'Finding common ground.', daysAgo: 1 });
      });
      const first = await searchAs(fresh)('common ground');
      expect(first).toMatchObject({ total: MAX_RESULTS + 1, capped: true });
      expect(first.items[0]!.id).toBe(exact);
      const last = await searchAs(fresh)('common ground', { page: 101 });
      expect(last.items).toHaveLength(1);
    } finally {
      await fresh.cleanup();
    }
  });

  it('pages through every result once, with the total', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 23; index++) ids.push(await insertPost(deps, { titleEn: `Drought bulletin ${index}`, daysAgo: index }));
    const search = searchAs(deps);
    const pages = await Promise.all([1, 2, 3].map((page) => search('drought', { page })));
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 3]);
    expect(pages.every((page) => page.total === 23 && page.pageSize === 10)).toBe(true);
    expect(pages.flatMap((page) => page.items.map((hit) => hit.id)).sort()).toEqual([...ids].sort());
    expect(await search('drought', { page: 4 })).toMatchObject({ items: [], total: 23, page: 4 });
  });
});

describe('search: what a query may be', () => {
  let deps: TestDeps;
  beforeAll(async () => {
    deps = createTestDeps();
    await insertPost(deps, { titleEn: 'Quoted "words" and (brackets)', descriptionEn: 'AND OR NOT NEAR stay words.' });
  });
  afterAll(() => deps.cleanup());

  it('treats quotes, operators and stray characters as words, never as an error', async () => {
    const search = searchAs(deps);
    const hostile = [
      '"',
      '"""',
      'words"',
      '(brackets',
      'NEAR(words brackets)',
      'title_en:words',
      'words*',
      'AND',
      'OR OR',
      'NOT words',
      '^words',
      '{title_en}: x',
      '\u0000',
      '\\',
      "'; DROP TABLE posts; --",
      '🙂',
      '\u200c',
    ];
    for (const q of hostile) await expect(search(q), q).resolves.toMatchObject({ page: 1 });
    expect((await search('words"')).total).toBe(1);
    expect((await search('NEAR')).total).toBe(1);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (q) => {
        await search(q);
      }),
      { numRuns: 100 },
    );
  });

  it('answers an empty query with an empty page', async () => {
    for (const q of ['', '   ', '"']) expect(await searchAs(deps)(q)).toEqual({ items: [], total: 0, page: 1, pageSize: 10, capped: false });
  });

  it('keeps the query out of the log when the search itself fails', async () => {
    const broken = createTestDeps();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await breakSearchIndex(broken);
      expect(await clientErrorOf(broken, searchAs(broken)('secretquery about me'))).toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Something went wrong.',
      });
      expect(JSON.stringify(logged.mock.calls)).not.toContain('secretquery');
    } finally {
      logged.mockRestore();
      await broken.cleanup();
    }
  });

  it('refuses a query over 200 characters with a message in the reader’s language', async () => {
    await expect(searchAs(deps)('a'.repeat(200))).resolves.toMatchObject({ total: 0 });
    expect(await clientErrorOf(deps, searchAs(deps, 'fa')('ب'.repeat(201)), 'fa')).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { q: ['عبارت جست‌وجو بیش از اندازه بلند است: حداکثر ۲۰۰ نویسه بنویسید.'] },
    });
  });
});

describe('npm run search:rebuild', () => {
  it('rebuilds a lost or stale index from the items, public rule included', async () => {
    const deps = createTestDeps();
    try {
      const post = await insertPost(deps, { titleEn: 'Rebuilt headline', descriptionFa: 'متن بازسازی‌شده' });
      await insertStory(deps, { title: 'Rebuilt pending story', description: 'Private.', published: false });
      await emptySearchIndex(deps);
      expect((await searchAs(deps)('rebuilt')).total).toBe(0);
      const env = {
        ...process.env,
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        DATABASE_URL: deps.env.DATABASE_URL,
        STORAGE_DIR: folderOf(deps.storage).root,
      };
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'search:rebuild'], { cwd: repoRoot, env });
      expect(stdout).toMatch(/Search index rebuilt: 2 items/);
      expect((await searchAs(deps)('rebuilt')).items.map((hit) => [hit.type, hit.id])).toEqual([['news', post]]);
      expect((await searchAs(deps, 'fa')('بازسازی شده')).total).toBe(1);
    } finally {
      await deps.cleanup();
    }
  });
});
