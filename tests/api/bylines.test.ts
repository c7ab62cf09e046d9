import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeImageUpload, makeUser, systemCaller, unique } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { startServer } from '../setup/http.ts';
import { sourcePages } from '../setup/source-pages.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(async () => {
  await deps.cleanup();
});

/** A writer's news item, published by an editor, with a word to search it by. */
async function writersNews(writer: Awaited<ReturnType<typeof makeUser>>, word: string, byline?: 'author' | 'newsroom') {
  const upload = await makeImageUpload(deps);
  const draft = await systemCaller(deps, writer).news.create({
    titleEn: `${word} in English`,
    titleFa: `${word} به فارسی`,
    descriptionEn: 'A description long enough to read.',
    descriptionFa: 'توضیحی برای خواندن.',
    coverAltEn: 'Cover',
    coverAltFa: 'جلد',
    imageUploadId: upload.id,
    status: 'draft',
    byline,
  });
  const { caller } = await adminCaller(deps, { user: await makeUser(deps, { role: 'editor' }) });
  await caller.news.update({ id: draft.id, status: 'published' });
  return draft.id;
}

describe('bylines', () => {
  it('show the public name she chose for each language, never her account name, and nothing in a language she left empty', async () => {
    const writer = await makeUser(deps, { role: 'writer', name: 'Fatemeh Rahimi (account)' });
    await systemCaller(deps, writer).account.setPublicNames({ publicNameEn: null, publicNameFa: 'ستاره' });
    const word = unique('byline');
    const id = await writersNews(writer, word);

    const item = await publicCaller(deps).news.byId({ id });
    expect({ en: item.bylineEn, fa: item.bylineFa }).toEqual({ en: null, fa: 'ستاره' });
    expect(JSON.stringify(item)).not.toContain('Fatemeh');
    expect(JSON.stringify(await publicCaller(deps).news.list({ page: 1, pageSize: 10 }))).not.toContain('Fatemeh');

    const fa = await publicCaller(deps, { lang: 'fa' }).search.query({ q: word });
    expect(fa.items.find((hit) => hit.id === id)?.byline).toBe('ستاره');
    const en = await publicCaller(deps, { lang: 'en' }).search.query({ q: word });
    expect(en.items.find((hit) => hit.id === id)?.byline).toBeNull();

    // A new pen name reaches the published item at once.
    await systemCaller(deps, writer).account.setPublicNames({ publicNameEn: 'Setareh', publicNameFa: 'ستاره' });
    expect((await publicCaller(deps).news.byId({ id })).bylineEn).toBe('Setareh');
  });

  it('give the newsroom’s name only when the item is published without a personal byline', async () => {
    const writer = await makeUser(deps, { role: 'writer' });
    await systemCaller(deps, writer).account.setPublicNames({ publicNameEn: 'Setareh', publicNameFa: 'ستاره' });
    const id = await writersNews(writer, unique('newsroom'), 'newsroom');
    const item = await publicCaller(deps).news.byId({ id });
    expect({ byline: item.byline, en: item.bylineEn, fa: item.bylineFa }).toEqual({ byline: 'newsroom', en: null, fa: null });
  });

  it('let editors list one author’s items', async () => {
    const writer = await makeUser(deps, { role: 'writer' });
    const other = await makeUser(deps, { role: 'writer' });
    const mine = await writersNews(writer, unique('mine'));
    await writersNews(other, unique('theirs'));
    const { caller } = await adminCaller(deps, { user: await makeUser(deps, { role: 'editor' }) });
    const page = await caller.news.adminList({ page: 1, pageSize: 12, author: writer.id });
    expect(page.items.map((item) => item.id)).toEqual([mine]);
    expect(page.total).toBe(1);
    expect((await caller.users.authors()).map((author) => author.id)).toEqual(expect.arrayContaining([writer.id, other.id]));
  });

  it('refuse a public name longer than a name may be, changing nothing', async () => {
    const writer = await makeUser(deps, { role: 'writer' });
    await expect(systemCaller(deps, writer).account.setPublicNames({ publicNameEn: 'x'.repeat(500), publicNameFa: null })).rejects.toThrow();
    expect(await systemCaller(deps, writer).account.publicNames()).toEqual({ publicNameEn: null, publicNameFa: null });
  });
});

describe('feeds', () => {
  it('name the author’s public name in dc:creator, in the feed’s language, else the newsroom', async () => {
    const writer = await makeUser(deps, { role: 'writer', name: 'Account Name Never Shown' });
    await systemCaller(deps, writer).account.setPublicNames({ publicNameEn: 'Setareh', publicNameFa: 'ستاره' });
    await writersNews(writer, unique('feed'));
    await writersNews(writer, unique('unsigned'), 'newsroom');
    const server = await startServer(deps);
    try {
      const en = await (await fetch(`${server.url}/rss/en/news.xml`)).text();
      const fa = await (await fetch(`${server.url}/rss/fa/news.xml`)).text();
      expect(en).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
      expect(en).toContain('<dc:creator>Setareh</dc:creator>');
      expect(en).toMatch(/<dc:creator>Women(&apos;|&#39;|')s Rights News<\/dc:creator>/);
      expect(fa).toContain('<dc:creator>ستاره</dc:creator>');
      expect(en + fa).not.toContain('Account Name Never Shown');
    } finally {
      await server.close();
    }
  });
});

describe('the page head', () => {
  it('names the author for shared links (meta author, article:author) in the page’s language, else the newsroom', async () => {
    const writer = await makeUser(deps, { role: 'writer' });
    await systemCaller(deps, writer).account.setPublicNames({ publicNameEn: null, publicNameFa: 'ستاره' });
    const id = await writersNews(writer, unique('head'));
    const server = await startServer(deps, { clientDir: sourcePages(deps) });
    try {
      const fa = await (await fetch(`${server.url}/news/${id}?lang=fa`)).text();
      expect(fa).toContain('<meta name="author" content="ستاره">');
      expect(fa).toContain('<meta property="article:author" content="ستاره">');
      const en = await (await fetch(`${server.url}/news/${id}?lang=en`)).text();
      expect(en).toMatch(/<meta name="author" content="Women(&#39;|&apos;|')s Rights News">/);
    } finally {
      await server.close();
    }
  });
});
