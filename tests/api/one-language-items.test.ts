import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { makeImageUpload, unique } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { startServer } from '../setup/http.ts';
import { sourcePages } from '../setup/source-pages.ts';
import { fieldErrorsOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/*
 * A newsroom that writes in Persian first: an item may be written in one language, is then shown
 * only where that language is read, and gets the other language later.
 */

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(async () => {
  await deps.cleanup();
});

const body = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] });

/** A Persian-only news item, saved as a draft and then published with what Persian needs. */
async function persianOnlyNews(word: string) {
  const { caller } = await adminCaller(deps);
  const draft = await caller.news.create({ titleFa: `معلمان زن ${word}`, bodyFa: body(`متن فارسی ${word}`), status: 'draft' });
  expect(draft).toMatchObject({ titleEn: '', status: 'draft' });
  const image = await makeImageUpload(deps);
  const published = await caller.news.update({
    id: draft.id,
    status: 'published',
    imageUploadId: image.id,
    coverAltFa: 'کلاس درس',
    coverCaptionFa: 'زیرنویس فارسی',
    coverCreditFa: 'عکاس فارسی',
  });
  expect(published.status).toBe('published');
  return published;
}

describe('one-language items', () => {
  it('save a draft with a title in either language, and name every gap when published before it is complete', async () => {
    const { caller } = await adminCaller(deps, { lang: 'fa' });
    const draft = await caller.articles.create({ titleFa: 'پیش‌نویس', status: 'draft' });
    expect(draft).toMatchObject({ titleEn: '', titleFa: 'پیش‌نویس', image: '' });
    expect(await fieldErrorsOf(deps, caller.articles.update({ id: draft.id, status: 'published' }), 'fa')).toEqual({
      bodyFa: [messages.neededToPublishFa.fa],
      coverAltFa: [messages.neededToPublishFa.fa],
      imageUploadId: [messages.coverNeededToPublish.fa],
    });
    // Refused, nothing changed: still a draft, still private.
    expect((await caller.articles.adminById({ id: draft.id })).status).toBe('draft');
    expect((await publicCaller(deps).articles.list({})).total).toBe(0);
  });

  it('reach only the readers of their language: lists, detail answers, search, and the original API’s lists keep everything', async () => {
    const word = unique('hamkar');
    const item = await persianOnlyNews(word);
    const reader = publicCaller(deps);
    expect((await reader.news.list({ language: 'fa' })).items.map((entry) => entry.id)).toEqual([item.id]);
    expect((await reader.news.list({ language: 'en' })).total).toBe(0);
    // The original API's lists name no language: every published item, as before.
    expect((await reader.news.list({})).total).toBe(1);

    expect((await publicCaller(deps, { lang: 'fa' }).search.query({ q: word })).items.map((hit) => hit.id)).toEqual([item.id]);
    expect((await publicCaller(deps, { lang: 'en' }).search.query({ q: word })).total).toBe(0);
    // Editors find it whatever their language.
    const { caller } = await adminCaller(deps, { lang: 'en' });
    expect((await caller.search.admin({ q: word })).items.map((hit) => hit.id)).toEqual([item.id]);
  });

  it('leave English pages, feeds and the sitemap, until the English is added; hreflang pairs only then', async () => {
    const word = unique('mo3allem');
    const item = await persianOnlyNews(word);
    const server = await startServer(deps, { clientDir: sourcePages(deps) });
    try {
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`);
        return { status: response.status, text: await response.text() };
      };
      // Persian pages write digits in Persian: the item's address names it in both.
      const link = `/news/${item.id}`;
      const englishList = await get('/latestnews?lang=en');
      expect(englishList.status).toBe(200);
      expect(englishList.text).not.toContain(word);
      expect(englishList.text).not.toMatch(new RegExp(`href="${link}[-"]`));
      expect((await get('/latestnews?lang=fa')).text).toMatch(new RegExp(`href="${link}[-"]`));
      expect((await get('/?lang=en')).text).not.toContain(word);

      const englishPage = await get(`/news/${item.id}?lang=en`);
      expect(englishPage.status).toBe(404);
      expect(englishPage.text).toContain('data-testid="not-in-language"');
      expect(englishPage.text).not.toContain(word);
      expect(englishPage.text).not.toContain('زیرنویس فارسی');
      const persianPage = await get(`/news/${item.id}?lang=fa`);
      expect(persianPage.status).toBe(200);
      expect(persianPage.text).toContain('زیرنویس فارسی');
      expect(persianPage.text).toContain('عکاس فارسی');
      expect(persianPage.text).not.toContain('hreflang="en"');

      expect((await get('/rss/en/news.xml')).text).not.toContain(word);
      expect((await get('/rss/fa/news.xml')).text).toContain(word);
      // Its address (with its slug) only in Persian: no English entry, no alternates.
      const entries = (sitemap: string) =>
        [...sitemap.matchAll(new RegExp(`<loc>[^<]*/news/${item.id}(-[^<?]*)?(\\?lang=fa)?</loc>`, 'g'))].map((match) => match[2] ?? 'en');
      expect(entries((await get('/sitemap.xml')).text)).toEqual(['?lang=fa']);

      // The English comes later: the item is then read in both, with its pairs.
      const { caller } = await adminCaller(deps);
      await caller.news.update({ id: item.id, titleEn: `Women teachers ${word}`, bodyEn: body('English text'), coverAltEn: 'A classroom' });
      expect((await publicCaller(deps).news.list({ language: 'en' })).items.map((entry) => entry.id)).toEqual([item.id]);
      const nowEnglish = await get(`/news/${item.id}?lang=en`);
      expect(nowEnglish.status).toBe(200);
      expect(nowEnglish.text).toContain(`Women teachers ${word}`);
      // The Persian caption and credit never stand in for English ones (the page's data for
      // scripts holds the whole item; what readers see does not).
      const seen = nowEnglish.text.replace(/<script[\s\S]*?<\/script>/g, '');
      expect(seen).toContain('A classroom');
      expect(seen).not.toContain('زیرنویس فارسی');
      expect(seen).not.toContain('عکاس فارسی');
      expect(nowEnglish.text).toContain('hreflang="fa"');
      expect((await get('/rss/en/news.xml')).text).toContain(word);
      expect(entries((await get('/sitemap.xml')).text).sort()).toEqual(['?lang=fa', 'en']);
    } finally {
      await server.close();
    }
  });

  it('need, once published, the words of a language added later', async () => {
    const item = await persianOnlyNews(unique('later'));
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.news.update({ id: item.id, titleEn: 'Half an English version' }))).toEqual({
      bodyEn: [messages.neededToPublishEn.en],
      coverAltEn: [messages.neededToPublishEn.en],
    });
    expect((await caller.news.adminById({ id: item.id })).titleEn).toBe('');
  });

  it('keep a gallery item named in one language out of the other language’s gallery, with its own words only', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    const item = await caller.gallery.create({ nameFa: 'دیوارنگاره', altFa: 'زنان در کنار دیوار', captionFa: 'هرات', imageUploadId: image.id });
    expect(item).toMatchObject({ name: '', nameFa: 'دیوارنگاره', altEn: null, captionFa: 'هرات' });
    expect((await publicCaller(deps).gallery.list({ language: 'en' })).total).toBe(0);
    expect((await publicCaller(deps).gallery.list({ language: 'fa' })).items.map((entry) => entry.id)).toEqual([item.id]);
  });
});
