import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalItems, posts } from '../../src/server/db/schema.ts';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { pageRenders, sourcePages } from '../setup/source-pages.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * Issue 24: items have a readable address per language (`/news/123-women-teachers`,
 * `/news/123-معلمان-زن`), made from the title unless editors write one, and a description for
 * search engines and share cards. Any spelling of an item's address shows it, names the slugged
 * address as canonical, and costs one render and one cache entry (docs/decisions/033).
 */
const ORIGIN = 'https://news.example';
let deps: TestDeps;
let server: TestServer;
beforeAll(async () => {
  deps = createTestDeps({ PUBLIC_URL: ORIGIN });
  server = await startServer(deps, { clientDir: sourcePages(deps) });
  // The renderer loads once, before the first page it renders.
  expect((await fetch(`${server.url}/about`)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await deps?.cleanup();
});

const persian = 'معلمان-زن';
const encoded = encodeURIComponent(persian);

const get = (address: string, language: 'en' | 'fa' = 'en') => fetch(server.url + address, { headers: { cookie: `lang=${language}` }, redirect: 'manual' });

/** The head's addresses and descriptions of a page as the server sent it. */
async function headOf(address: string, language: 'en' | 'fa' = 'en') {
  const response = await get(address, language);
  const html = await response.text();
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
  return {
    status: response.status,
    html,
    canonical: attribute(/<link rel="canonical" href="([^"]*)">/),
    alternates: {
      en: attribute(/<link rel="alternate" hreflang="en" href="([^"]*)">/),
      fa: attribute(/<link rel="alternate" hreflang="fa" href="([^"]*)">/),
      default: attribute(/<link rel="alternate" hreflang="x-default" href="([^"]*)">/),
    },
    ogUrl: attribute(/<meta property="og:url" content="([^"]*)">/),
    description: attribute(/<meta name="description" content="([^"]*)">/),
    ogDescription: attribute(/<meta property="og:description" content="([^"]*)">/),
    twitterDescription: attribute(/<meta name="twitter:description" content="([^"]*)">/),
  };
}

describe('an item’s slugs and search descriptions', () => {
  it('are made from the titles unless written, stored as the slug function makes them, and cleared back to the title', async () => {
    const { caller } = await adminCaller(deps);
    const item = await makeContent(deps, 'news', { titleEn: 'Women Teachers', titleFa: 'معلمان زن' });
    expect([item.slugEn, item.slugFa]).toEqual(['women-teachers', persian]);
    expect(await caller.news.adminById({ id: item.id })).toMatchObject({ writtenSlugEn: null, writtenSlugFa: null, summaryEn: null, summaryFa: null });

    const edited = await caller.news.update({
      id: item.id,
      slugEn: '  Teachers: Back to School! ',
      slugFa: 'آموزگاران زن\u200c‌ها',
      summaryEn: 'Teachers return to classrooms in Herat.',
      summaryFa: 'آموزگاران به کلاس‌های هرات بازمی‌گردند.',
    });
    expect([edited.slugEn, edited.slugFa]).toEqual(['teachers-back-to-school', 'آموزگاران-زنها']);
    const [stored] = await deps.db
      .select({ slugEn: posts.slugEn, slugFa: posts.slugFa, summaryEn: posts.summaryEn, summaryFa: posts.summaryFa })
      .from(posts)
      .where(eq(posts.id, item.id));
    expect(stored).toEqual({
      slugEn: 'teachers-back-to-school',
      slugFa: 'آموزگاران-زنها',
      summaryEn: 'Teachers return to classrooms in Herat.',
      summaryFa: 'آموزگاران به کلاس‌های هرات بازمی‌گردند.',
    });
    expect(await caller.news.adminById({ id: item.id })).toMatchObject({ writtenSlugEn: 'teachers-back-to-school', summaryFa: stored!.summaryFa });

    // A title edit leaves a written slug alone; a slug cleared follows the title again.
    await caller.news.update({ id: item.id, titleEn: 'Women teachers return' });
    expect((await publicCaller(deps).news.byId({ id: item.id })).slugEn).toBe('teachers-back-to-school');
    const cleared = await caller.news.update({ id: item.id, slugEn: null, summaryEn: null });
    expect(cleared).toMatchObject({ slugEn: 'women-teachers-return', slugFa: 'آموزگاران-زنها', summaryEn: null });
  });

  it('refuse a slug with nothing readable, or a description beyond its bound, on the field, in the editor’s language', async () => {
    const item = await makeContent(deps, 'article');
    const { caller } = await adminCaller(deps, { lang: 'fa' });
    const refused = await clientErrorOf(deps, caller.articles.update({ id: item.id, slugFa: '!!! ؟؟' }), 'fa');
    expect(refused.fieldErrors).toEqual({ slugFa: ['برای نشانی از حروف یا رقم استفاده کنید (نویسه‌های دیگر به خط تیره تبدیل می‌شوند).'] });
    const tooLong = await clientErrorOf(deps, caller.articles.update({ id: item.id, summaryEn: 'x'.repeat(301) }), 'fa');
    expect(Object.keys(tooLong.fieldErrors ?? {})).toEqual(['summaryEn']);
  });

  it('are kept for legal-awareness items too, and are part of every revision', async () => {
    const item = await makeLegalItem(deps, { titleEn: 'Divorce rights', titleFa: 'حق طلاق' });
    expect([item.slugEn, item.slugFa]).toEqual(['divorce-rights', 'حق-طلاق']);
    const { caller } = await adminCaller(deps);
    await caller.legal.update({ id: item.id, slugFa: 'طلاق', summaryEn: 'What the civil code allows.' });
    const [stored] = await deps.db.select({ slugFa: legalItems.slugFa, summaryEn: legalItems.summaryEn }).from(legalItems).where(eq(legalItems.id, item.id));
    expect(stored).toEqual({ slugFa: 'طلاق', summaryEn: 'What the civil code allows.' });

    const [latest, first] = await caller.revisions.list({ owner: 'legal', id: item.id });
    const compared = await caller.revisions.compare({ from: first!.id, to: latest!.id });
    expect(compared.changes.map((change) => change.field)).toEqual(['slugFa', 'summaryEn']);
    await caller.revisions.restore({ id: first!.id });
    expect(await caller.legal.adminById({ id: item.id })).toMatchObject({ writtenSlugFa: null, slugFa: 'حق-طلاق', summaryEn: null });
  });

  it('reach lists as slugs only: the descriptions stay with the item’s own page', async () => {
    await makeContent(deps, 'report', { titleEn: 'Annual report' });
    const { items } = await publicCaller(deps).reports.list({});
    expect(items[0]).toMatchObject({ slugEn: 'annual-report' });
    expect(items[0]).not.toHaveProperty('summaryEn');
    const { items: legal } = await publicCaller(deps).legal.list({});
    expect(legal[0]).toHaveProperty('slugFa');
    expect(legal[0]).not.toHaveProperty('summaryFa');
  });
});

describe('an item’s page', () => {
  let id: number;
  beforeAll(async () => {
    const item = await makeContent(deps, 'news', {
      titleEn: 'Women teachers',
      titleFa: 'معلمان زن',
      descriptionEn: 'The start of the English text, which readers see first.',
      descriptionFa: 'آغاز متن فارسی که خوانندگان نخست می‌بینند.',
    });
    id = item.id;
    const { caller } = await adminCaller(deps);
    await caller.news.update({ id, summaryFa: 'توضیحی که ویراستار برای موتورهای جست‌وجو نوشت.' });
  });

  it.each([
    ['its old numeric address', () => `/news/${id}`],
    ['its slugged address', () => `/news/${id}-women-teachers`],
    ['a stale or made-up slug', () => `/news/${id}-some-old-title`],
    ['its Persian slug, percent-encoded', () => `/news/${id}-${encoded}`],
    ['its Persian slug, encoded in lowercase hex', () => `/news/${id}-${encoded.toLowerCase()}`],
    ['a slug cut inside a percent-encoded letter', () => `/news/${id}-${encoded.slice(0, 10)}`],
  ])('at %s names the slugged addresses, each language its own', async (_name, address) => {
    const english = await headOf(address(), 'en');
    expect(english.status).toBe(200);
    expect(english.canonical).toBe(`${ORIGIN}/news/${id}-women-teachers`);
    expect(english.ogUrl).toBe(english.canonical);
    expect(english.alternates).toEqual({
      en: `${ORIGIN}/news/${id}-women-teachers`,
      fa: `${ORIGIN}/news/${id}-${encoded}?lang=fa`,
      default: `${ORIGIN}/news/${id}-women-teachers`,
    });
    // No summary in English: the text's start, as before.
    expect(english.description).toBe('The start of the English text, which readers see first.');
    expect(english.ogDescription).toBe(english.description);

    const farsi = await headOf(address(), 'fa');
    expect(farsi.status).toBe(200);
    expect(farsi.canonical).toBe(`${ORIGIN}/news/${id}-${encoded}?lang=fa`);
    expect(decodeURI(farsi.canonical!)).toBe(`${ORIGIN}/news/${id}-معلمان-زن?lang=fa`);
    expect(farsi.html).toContain('data-testid="detail-title"');
    expect(farsi.html).toContain('معلمان زن');
    // The summary editors wrote, whole, everywhere a description is shown.
    expect(farsi.description).toBe('توضیحی که ویراستار برای موتورهای جست‌وجو نوشت.');
    expect(farsi.ogDescription).toBe(farsi.description);
    expect(farsi.twitterDescription).toBe(farsi.description);
    // Its links back to itself (the language switch) are made without the slug, as in the browser.
    expect(farsi.html).toContain(`href="/news/${id}?lang=en"`);
  });

  it('is rendered and kept once, however many slugs are made up for it', async () => {
    // Rendered once in Persian first (the previous test may have kept it already).
    await get(`/news/${id}`, 'fa');
    const [renders, entries] = [pageRenders(), deps.cache.responses.size];
    const bodies = new Set<string>();
    for (let n = 0; n < 100; n++) {
      const response = await get(`/news/${id}-${n % 2 ? `made-up-${n}` : encodeURIComponent(`ساختگی-${n}`)}`, 'fa');
      expect(response.status).toBe(200);
      bodies.add(await response.text());
    }
    expect(pageRenders() - renders).toBe(0);
    expect(deps.cache.responses.size - entries).toBe(0);
    expect(bodies.size).toBe(1);
  });

  it('shows "not found" for an id no item has, whatever the slug', async () => {
    expect((await get('/news/999999-women-teachers')).status).toBe(404);
    expect((await get('/news/abc-women-teachers')).status).toBe(404);
  });

  it('of a legal-awareness item works the same way', async () => {
    const item = await makeLegalItem(deps, { titleEn: 'Custody after divorce', titleFa: 'حضانت پس از طلاق' });
    const slugFa = encodeURIComponent('حضانت-پس-از-طلاق');
    for (const address of [`/legal/${item.id}`, `/legal/${item.id}-custody-after-divorce`, `/legal/${item.id}-x`]) {
      const head = await headOf(address, 'fa');
      expect(head.status).toBe(200);
      expect(head.canonical).toBe(`${ORIGIN}/legal/${item.id}-${slugFa}?lang=fa`);
      expect(head.alternates.en).toBe(`${ORIGIN}/legal/${item.id}-custody-after-divorce`);
    }
  });
});

describe('every link the site makes to an item', () => {
  it('is its slugged address in the page’s language: lists, the home page, feeds and the sitemap', async () => {
    const item = await makeContent(deps, 'news', { titleEn: 'Girls return to school', titleFa: 'بازگشت دختران به مدرسه', category: 'top' });
    const legal = await makeLegalItem(deps, { titleEn: 'Inheritance', titleFa: 'ارث' });
    const en = `/news/${item.id}-girls-return-to-school`;
    const fa = `/news/${item.id}-${encodeURIComponent('بازگشت-دختران-به-مدرسه')}`;

    expect(await (await get('/latestnews', 'en')).text()).toContain(`href="${en}"`);
    expect(await (await get('/latestnews', 'fa')).text()).toContain(`href="${fa}"`);
    expect(await (await get('/', 'fa')).text()).toContain(`href="${fa}"`);
    expect(await (await get('/legal-awareness', 'fa')).text()).toContain(`href="/legal/${legal.id}-${encodeURIComponent('ارث')}"`);

    const rss = await (await get('/rss/fa/news.xml')).text();
    expect(rss).toContain(`<link>${ORIGIN}${fa}?lang=fa</link>`);
    expect(await (await get('/rss/en/legal-awareness.xml')).text()).toContain(`<link>${ORIGIN}/legal/${legal.id}-inheritance</link>`);

    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}${en}</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}${fa}?lang=fa</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="fa" href="${ORIGIN}${fa}?lang=fa"/>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/legal/${legal.id}-inheritance</loc>`);
  });

  it('from a search result leads to the slugged address in the reader’s language', async () => {
    const item = await makeContent(deps, 'article', { titleEn: 'Midwives of Badakhshan', titleFa: 'قابله‌های بدخشان' });
    const english = await publicCaller(deps, { lang: 'en' }).search.query({ q: 'Badakhshan' });
    expect(english.items.find((hit) => hit.id === item.id)?.slug).toBe('midwives-of-badakhshan');
    const farsi = await publicCaller(deps, { lang: 'fa' }).search.query({ q: 'بدخشان' });
    expect(farsi.items.find((hit) => hit.id === item.id)?.slug).toBe('قابلههای-بدخشان');
  });
});
