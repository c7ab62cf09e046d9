import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeImageUpload } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { browserAndSiteForFile, loginAs, newContext, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, ([launched, started]) => {
  browser = launched;
  site = started;
});

/** Whether every picture in a part of the page loaded (a picture the server refused has no width). */
const allLoaded = (selector: string) =>
  `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).every((img) => img.complete && img.naturalWidth > 0)`;

describe('Previews of drafts with pictures', () => {
  it('shows a draft’s cover and body pictures to the signed-in editor, in both languages, while a visitor gets 404 for them', async () => {
    const { caller } = await adminCaller(site.deps);
    const cover = await makeImageUpload(site.deps);
    const inline = await makeImageUpload(site.deps);
    const body = (text: string, alt: string) => ({
      type: 'doc' as const,
      content: [
        { type: 'paragraph' as const, content: [{ type: 'text' as const, text }] },
        { type: 'image' as const, attrs: { src: inline.path, alt, caption: null } },
      ],
    });
    const draft = await caller.news.create({
      titleEn: 'Draft with pictures',
      titleFa: 'پیش‌نویس با تصویر',
      coverAltEn: 'Women at a bus stop',
      coverAltFa: 'زنان در ایستگاه اتوبوس',
      imageUploadId: cover.id,
      bodyEn: body('Before the picture.', 'A courtroom'),
      bodyFa: body('پیش از تصویر.', 'یک دادگاه'),
      status: 'draft',
      media: [],
    });

    const context = await newContext(browser, site);
    await loginAs(context, site);
    const page = await context.newPage();
    for (const [lang, alt] of [
      ['en', 'A courtroom'],
      ['fa', 'یک دادگاه'],
    ] as const) {
      await page.goto(`/preview/news/${draft.id}?lang=${lang}`);
      await page.getByTestId('preview-banner').waitFor();
      const picture = page.getByTestId('prose').locator(`img[alt="${alt}"]`);
      await picture.waitFor();
      await picture.scrollIntoViewIfNeeded();
      await page.waitForFunction(allLoaded('[data-testid="detail"] img'));
      expect(await picture.getAttribute('src')).toMatch(/^\/media\/private\/images\//);
    }

    const visitor = await newContext(browser, site);
    for (const path of [cover.path, inline.path]) expect((await visitor.request.get(`/storage/${path}`)).status()).toBe(404);
    await visitor.close();
    await context.close();
  });
});
