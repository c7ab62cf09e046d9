import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import { documentTitle } from '../../src/client/lib/head.tsx';
import { makePublishedStory } from '../factories/public-content.ts';
import { renderedPage } from '../setup/rendered-page.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
let storyId = 0;
beforeAll(async () => {
  deps = createTestDeps();
  storyId = (await makePublishedStory(deps, { title: 'I went back to school.' })).id;
});
afterAll(() => deps?.cleanup());

const site = { en: enCommon.siteName, fa: faCommon.siteName } as const;

describe('not-found pages are titled without the full stop of their sentence', () => {
  const pages = {
    en: {
      '/news/999999': 'News not found',
      '/articles/999999': 'Article not found',
      '/reports/999999': 'Report not found',
      '/legal/999999': 'Legal awareness not found',
      '/stories/999999': 'Story not found',
      '/no-such-page': 'Page not found',
    },
    fa: {
      '/news/999999': 'خبر پیدا نشد',
      '/articles/999999': 'مقاله پیدا نشد',
      '/reports/999999': 'گزارش پیدا نشد',
      '/legal/999999': 'مطلب آگاهی حقوقی پیدا نشد',
      '/stories/999999': 'روایت پیدا نشد',
      '/no-such-page': 'صفحه پیدا نشد',
    },
  } as const;

  it.each(['en', 'fa'] as const)('in the <title> and share tags the server sends (%s)', async (language) => {
    for (const [path, part] of Object.entries(pages[language])) {
      const page = await renderedPage(deps, path, language);
      expect(page.head.status, path).toBe(404);
      expect(page.title, path).toBe(`${part} — ${site[language]}`);
    }
  });

  it('for a visitor’s story too, inside the isolate that keeps its direction', async () => {
    const page = await renderedPage(deps, `/stories/${storyId}`, 'en');
    expect(page.title).toBe(`\u2068I went back to school\u2069 — ${site.en}`);
  });
});

describe('documentTitle', () => {
  it('drops one Latin or Arabic-script full stop, and spaces around it', () => {
    expect(documentTitle('News not found.', 'Site')).toBe('News not found — Site');
    expect(documentTitle('خبر پیدا نشد. ', 'سایت')).toBe('خبر پیدا نشد — سایت');
    expect(documentTitle('خبر پیدا نشد۔', 'سایت')).toBe('خبر پیدا نشد — سایت');
    expect(documentTitle('Stories', 'Panel', ' · ')).toBe('Stories · Panel');
  });

  it('keeps an ellipsis, other punctuation, and a full stop inside the title', () => {
    expect(documentTitle('And then...', 'Site')).toBe('And then... — Site');
    expect(documentTitle('Who decides?', 'Site')).toBe('Who decides? — Site');
    expect(documentTitle('Dr. Sima Samar speaks', 'Site')).toBe('Dr. Sima Samar speaks — Site');
  });

  it('is the name alone for a page without a title of its own', () => {
    expect(documentTitle(null, 'Site')).toBe('Site');
    expect(documentTitle('', 'Site')).toBe('Site');
    expect(documentTitle(' . ', 'Site')).toBe('Site');
  });
});
