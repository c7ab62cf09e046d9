import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalItems, stories } from '../../src/server/db/schema.ts';
import { itemPathOf } from '../../src/shared/content-kinds.ts';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { editorCaller, makePublishedStory } from '../factories/public-content.ts';
import { adminCaller } from '../setup/callers.ts';
import { startServer } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { sourcePages } from '../setup/source-pages.ts';

const site = siteForEachTest({ PUBLIC_URL: 'https://news.example.org' });

describe('feeds and the sitemap', () => {
  it('lists every public page and item in both languages, each at its slugged address, with hreflang alternates', async () => {
    const news = await makeContent(site.deps, 'news');
    const report = await makeContent(site.deps, 'report');
    const response = await fetch(`${site.server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(`<loc>https://news.example.org${itemPathOf('news', news, 'en')}</loc>`);
    expect(xml).toContain(`<loc>https://news.example.org${itemPathOf('report', report, 'fa')}?lang=fa</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="fa" href="https://news.example.org${itemPathOf('news', news, 'fa')}?lang=fa"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="fa" href="https://news.example.org/latestnews?lang=fa"/>`);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it('points robots at the sitemap and keeps them out of the admin panel and the API', async () => {
    const text = await (await fetch(`${site.server.url}/robots.txt`)).text();
    expect(text).toContain('Sitemap: https://news.example.org/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
  });

  it('serves RSS per language with the newest items first, and markup in a title stays text', async () => {
    const older = await makeContent(site.deps, 'article', { titleEn: 'Older <b>bold</b> & co', titleFa: 'مقالهٔ قدیمی' });
    const newer = await makeContent(site.deps, 'article', { titleEn: 'Newer', titleFa: 'مقالهٔ تازه' });
    const english = await (await fetch(`${site.server.url}/rss/en/articles.xml`)).text();
    expect(english).toContain('<language>en</language>');
    expect(english.indexOf(`/articles/${newer.id}`)).toBeLessThan(english.indexOf(`/articles/${older.id}`));
    expect(english).toContain('<title>Older &lt;b&gt;bold&lt;/b&gt; &amp; co</title>');
    const persian = await fetch(`${site.server.url}/rss/fa/articles.xml`);
    expect(persian.headers.get('content-type')).toContain('application/rss+xml');
    const body = await persian.text();
    expect(body).toContain('<title>مقالهٔ تازه</title>');
    expect(body).toContain(`https://news.example.org${itemPathOf('article', newer, 'fa')}?lang=fa`);
    expect((await fetch(`${site.server.url}/rss/de/articles.xml`)).status).toBe(404);
  });
});

const feedTitles = {
  'legal-awareness': { en: "Women's Rights News — Legal awareness", fa: 'اخبار حقوق زنان — آگاهی حقوقی' },
  stories: { en: "Women's Rights News — Stories", fa: 'اخبار حقوق زنان — روایت‌ها' },
} as const;

const feedOf = async (language: string, feed: string) => await (await fetch(`${site.server.url}/rss/${language}/${feed}.xml`)).text();
const lastBuildDate = (xml: string) => /<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(xml)?.[1];

describe('feeds of legal awareness and of published stories', () => {
  it.each(['en', 'fa'] as const)('serve the newest legal-awareness items first, with lastBuildDate (%s)', async (language) => {
    const older = await makeLegalItem(site.deps, { titleEn: 'Older right', titleFa: 'حق قدیمی' });
    const newer = await makeLegalItem(site.deps, { titleEn: 'Newer right', titleFa: 'حق تازه' });
    await makeLegalItem(site.deps, { titleEn: 'Draft right', titleFa: 'حق پیش‌نویس', status: 'draft' });
    const response = await fetch(`${site.server.url}/rss/${language}/legal-awareness.xml`);
    expect(response.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain(`<title>${feedTitles['legal-awareness'][language].replace("'", '&apos;')}</title>`);
    expect(xml).toContain(`<language>${language}</language>`);
    expect(xml).toContain(language === 'en' ? '<title>Newer right</title>' : '<title>حق تازه</title>');
    expect(xml).not.toContain(language === 'en' ? 'Draft right' : 'حق پیش‌نویس');
    const link = (item: typeof newer) => `https://news.example.org${itemPathOf('legal', item, language)}${language === 'fa' ? '?lang=fa' : ''}<`;
    expect(xml.indexOf(link(newer))).toBeGreaterThan(0);
    expect(xml.indexOf(link(newer))).toBeLessThan(xml.indexOf(link(older)));
    const [latest] = await site.deps.db.select({ updatedAt: legalItems.updatedAt }).from(legalItems).where(eq(legalItems.id, newer.id));
    expect(lastBuildDate(xml)).toBe(latest!.updatedAt.toUTCString());
  });

  it.each(['en', 'fa'] as const)('serve published stories only, dated when they were published (%s)', async (language) => {
    const story = await makePublishedStory(site.deps, { title: 'I walked to school again' });
    const caller = await editorCaller(site.deps);
    await caller.stories.create({ title: 'Still waiting for review', description: 'Not public yet.' });
    const xml = await feedOf(language, 'stories');
    expect(xml).toContain(`<title>${feedTitles.stories[language].replace("'", '&apos;')}</title>`);
    expect(xml).toContain('<title>I walked to school again</title>');
    expect(xml).toContain(`https://news.example.org/stories/${story.id}${language === 'fa' ? '?lang=fa' : ''}<`);
    expect(xml).not.toContain('Still waiting for review');
    const [row] = await site.deps.db.select({ publishedAt: stories.publishedAt }).from(stories).where(eq(stories.id, story.id));
    expect(xml).toContain(`<pubDate>${row!.publishedAt!.toUTCString()}</pubDate>`);
    expect(lastBuildDate(xml)).toBe(row!.publishedAt!.toUTCString());
  });

  it('are kept in the response cache until public content changes, like the other feeds', async () => {
    const item = await makeLegalItem(site.deps, { titleEn: 'Cached right' });
    await makePublishedStory(site.deps, { title: 'A cached story' });
    const first = { legal: await feedOf('en', 'legal-awareness'), stories: await feedOf('en', 'stories') };
    const stored = site.deps.cache.responses.size;
    // Changed behind the procedures' back: an answer still showing the old words came from the cache.
    await site.deps.db.transaction((tx) => tx.update(legalItems).set({ titleEn: 'Changed behind the cache' }).where(eq(legalItems.id, item.id)));
    await site.deps.db.transaction((tx) => tx.update(stories).set({ title: 'Changed behind the cache' }));
    expect(await feedOf('en', 'legal-awareness')).toBe(first.legal);
    expect(await feedOf('en', 'stories')).toBe(first.stories);
    expect(site.deps.cache.responses.size).toBe(stored);
    // A change through a procedure moves the content version on: the feeds are built again.
    await makePublishedStory(site.deps, { title: 'A newer story' });
    expect(await feedOf('en', 'stories')).toContain('A newer story');
    expect(await feedOf('en', 'legal-awareness')).toContain('Changed behind the cache');
  });

  it.each(['en', 'fa'] as const)('are advertised on the list and detail pages of their kind, and only there (%s)', async (language) => {
    const legal = await makeLegalItem(site.deps);
    const story = await makePublishedStory(site.deps);
    const server = await startServer(site.deps, { clientDir: sourcePages(site.deps) });
    try {
      const advertised = async (path: string) => {
        const html = await (await fetch(`${server.url}${path}?lang=${language}`)).text();
        return [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)">/g)].map((match) => match[2]);
      };
      for (const path of ['/legal-awareness', `/legal/${legal.id}`]) expect(await advertised(path), path).toContain(`/rss/${language}/legal-awareness.xml`);
      for (const path of ['/yourStory', `/stories/${story.id}`]) expect(await advertised(path), path).toContain(`/rss/${language}/stories.xml`);
      // Every page still offers the news; the home page nothing else.
      expect(await advertised('/')).toEqual([`/rss/${language}/news.xml`]);
      expect(await advertised('/reports')).toEqual([`/rss/${language}/news.xml`, `/rss/${language}/reports.xml`]);
    } finally {
      await server.close();
    }
  });
});

describe('revalidation of public reads', () => {
  const listUrl = () => `${site.server.url}/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`;

  it('answers 304 to a reader who has the current version, and a fresh body once content changes', async () => {
    await makeContent(site.deps, 'news', { titleEn: 'First headline' });
    const first = await fetch(listUrl());
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect((await fetch(listUrl(), { headers: { 'if-none-match': etag! } })).status).toBe(304);

    const { caller } = await adminCaller(site.deps);
    const item = (await caller.news.list({})).items[0]!;
    await caller.news.update({ id: item.id, titleEn: 'Corrected headline' });
    const after = await fetch(listUrl(), { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toContain('Corrected headline');
  });

  it('serves the cached list again only until the next change, and never caches for a signed-in editor', async () => {
    await makeContent(site.deps, 'news', { titleEn: 'Cached headline' });
    expect(await (await fetch(listUrl())).text()).toContain('Cached headline');
    expect(await (await fetch(listUrl())).text()).toContain('Cached headline');
    // A new item goes through a procedure, which moves the content version on.
    await makeContent(site.deps, 'news', { titleEn: 'Second headline' });
    expect(await (await fetch(listUrl())).text()).toContain('Second headline');
    const { token } = await adminCaller(site.deps);
    const editor = await fetch(listUrl(), { headers: { cookie: `session=${token}` } });
    expect(editor.headers.get('cache-control')).toBe('private, no-store');
    expect(editor.headers.get('etag')).toBeNull();
  });

  it('compresses JSON with brotli when the reader accepts it', async () => {
    for (let i = 0; i < 3; i++) await makeContent(site.deps, 'news', { descriptionEn: 'A long enough description to be worth compressing. '.repeat(20) });
    const response = await fetch(listUrl(), { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect((await response.text()).length).toBeGreaterThan(0);
  });
});
