import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainText } from '../../src/shared/bidi.ts';
import { makeContent } from '../factories/index.ts';
import { makePublishedStory } from '../factories/public-content.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { sourcePages } from '../setup/source-pages.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/** Direction marks, embeddings, overrides and isolates: what a share preview or feed reader must never get. */
const CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let deps: TestDeps;
let server: TestServer;
let storyId = 0;
let newsId = 0;
beforeAll(async () => {
  deps = createTestDeps();
  server = await startServer(deps, { clientDir: sourcePages(deps) });
  // A reader's story in Persian naming an English organisation, isolated as a careful writer does.
  storyId = (
    await makePublishedStory(deps, { title: 'نامه‌ام به \u2066Amnesty International\u2069 \u200eUN\u200e', description: 'روایتِ \u2068Tehran\u2069 در یک شب.' })
  ).id;
  newsId = (
    await makeContent(deps, 'news', {
      titleEn: 'Teachers in \u2067تهران\u2069 strike',
      titleFa: 'اعتصاب معلمان در \u2066Tehran\u2069 و \u200eKabul\u200e',
      descriptionEn: 'Schools in \u2067کابل\u2069 closed.',
      descriptionFa: 'مدرسه‌های \u2066Kabul\u2069 بسته شدند.',
    })
  ).id;
});
afterAll(async () => {
  await server?.close();
  await deps?.cleanup();
});

/** The <title> and every <meta> content of a page's head, entities decoded enough for the check. */
async function headTexts(address: string) {
  const html = await (await fetch(`${server.url}${address}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '';
  const metas = Object.fromEntries([...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
  return { title, metas };
}

describe('share tags and feeds get plain text', () => {
  const pages = [
    ['a story', () => `/stories/${storyId}`, { en: 'نامه‌ام به Amnesty International UN', fa: 'نامه‌ام به Amnesty International UN' }],
    ['a news item', () => `/news/${newsId}`, { en: 'Teachers in تهران strike', fa: 'اعتصاب معلمان در Tehran و Kabul' }],
  ] as const;
  for (const [what, address, expected] of pages)
    it.each(['en', 'fa'] as const)(`for ${what} whose title mixes Persian and English (%s)`, async (language) => {
      const { title, metas } = await headTexts(`${address()}?lang=${language}`);
      expect(metas['og:title']).toContain(expected[language]);
      expect(metas['twitter:title']).toContain(expected[language]);
      // The tab's <title> may isolate a visitor's title (its direction kept); what it says is the same.
      expect(plainText(title)).toContain(expected[language]);
      for (const [name, content] of Object.entries(metas)) expect(CONTROLS.test(content), `${name}: ${JSON.stringify(content)}`).toBe(false);
      expect(metas['og:description']).toBeTruthy();
    });

  it.each(['en', 'fa'] as const)('in the news feed (%s)', async (language) => {
    const xml = await (await fetch(`${server.url}/rss/${language}/news.xml`)).text();
    expect(xml).toContain(language === 'en' ? '<title>Teachers in تهران strike</title>' : '<title>اعتصاب معلمان در Tehran و Kabul</title>');
    expect(CONTROLS.test(xml)).toBe(false);
  });
});
