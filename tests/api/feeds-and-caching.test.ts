import { describe, expect, it } from 'vitest';
import { makeContent } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { siteForEachTest } from '../setup/per-test.ts';

const site = siteForEachTest({ PUBLIC_URL: 'https://news.example.org' });

describe('feeds and the sitemap', () => {
  it('lists every public page and item in both languages, with hreflang alternates', async () => {
    const news = await makeContent(site.deps, 'news');
    const report = await makeContent(site.deps, 'report');
    const response = await fetch(`${site.server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(`<loc>https://news.example.org/news/${news.id}</loc>`);
    expect(xml).toContain(`<loc>https://news.example.org/reports/${report.id}?lang=fa</loc>`);
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
    expect(body).toContain(`https://news.example.org/articles/${newer.id}?lang=fa`);
    expect((await fetch(`${site.server.url}/rss/de/articles.xml`)).status).toBe(404);
  });
});

describe('revalidation of public reads', () => {
  const listUrl = () => `${site.server.url}/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`;

  it('answers 304 to a reader who has the current version, and a fresh body once content changes', async () => {
    await makeContent(site.deps, 'news', { titleEn: 'First headline' });
    const first = await fetch(listUrl());
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
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
