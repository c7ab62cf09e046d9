import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { itemPathOf } from '../../src/shared/content-kinds.ts';
import { excerpt } from '../../src/shared/text.ts';
import { makeLegal } from '../factories/public-content.ts';
import { publicCaller } from '../setup/callers.ts';
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { failProcedures, navigate, navigateNow, openPage, settled, snap, startSeededSite, visit, type SeedManifest } from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;

let browser: Browser;
let site: Site;
let seed: SeedManifest;
let longLegal: Awaited<ReturnType<typeof makeLegal>>;
browserAndSiteForFile(startSeededSite, (started) => ([browser, { site, seed }] = started));
beforeAll(async () => {
  longLegal = await makeLegal(site.deps, {
    titleEn: 'What the law says about guardianship, travel permission and the right to work for married women',
    titleFa: 'آنچه قانون دربارهٔ ولایت، اجازهٔ سفر و حق کار زنان متأهل می‌گوید؛ راهنمایی ساده برای همه که باید بدانند',
    descriptionEn:
      'A married woman may need her husband’s permission to obtain a passport or travel abroad. A marriage contract can include conditions that give her these rights in advance, and courts have recognised such conditions. This guide explains what to ask for, how to word it, and where to find a lawyer who can help.',
    descriptionFa:
      'زن متأهل ممکن است برای گرفتن گذرنامه یا سفر به خارج به اجازهٔ همسرش نیاز داشته باشد. عقدنامه می‌تواند شروطی داشته باشد که این حقوق را از پیش به او بدهد و دادگاه‌ها چنین شروطی را پذیرفته‌اند. این راهنما توضیح می‌دهد چه بخواهید، چگونه بنویسید و از کجا وکیلی پیدا کنید که کمک کند. این متن بلند است تا کوتاه‌شدن آن دیده شود.',
  });
});

describe('the gallery', () => {
  it.each(['en', 'fa'] as const)('shows each item as its image, else its video, else "No media available", with its name (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, '/gallery');
    const items = page.getByTestId('gallery-item');
    const gallery = (await publicCaller(site.deps).gallery.list({})).items;
    const nameOf = (item: (typeof gallery)[number]) => (lang === 'fa' ? item.nameFa : item.name);
    // Each language's own names (every seeded item has both).
    expect(await page.getByTestId('gallery-name').allInnerTexts()).toEqual(gallery.map(nameOf));
    for (const [index, item] of gallery.entries()) {
      const card = items.nth(index);
      if (item.image) {
        expect(await card.locator('img').getAttribute('alt')).toBe(nameOf(item));
        expect(await card.locator('img').getAttribute('src')).toMatch(/^\/storage\/images\//);
      } else if (item.embedUrl) {
        expect(await card.getByTestId('video-poster').count()).toBe(1);
      } else {
        expect(await card.getByTestId('image-placeholder').innerText()).toBe(texts[lang].gallery.noMedia);
      }
    }
    await context.close();
  });

  it.each(['en', 'fa'] as const)('says "Error loading gallery." when the list fails (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/about');
    await failProcedures(page, { 'gallery.list': { message: 'boom', code: 'BAD_REQUEST' } });
    await navigateNow(page, '/gallery');
    await page.getByTestId('error-message').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('error-message').innerText()).toBe(texts[lang].gallery.error);
    await context.close();
  });
});

describe('legal awareness', () => {
  it.each(['en', 'fa'] as const)('lists cards to /legal/{id}, titles cut at 80 and descriptions at 180, a placeholder without an image (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, '/legal-awareness');
    const card = page.getByTestId('legal-card').first();
    const title = lang === 'fa' ? longLegal.titleFa : longLegal.titleEn;
    const description = lang === 'fa' ? longLegal.descriptionFa : longLegal.descriptionEn;
    expect(Array.from(title).length).toBeGreaterThan(80);
    expect(Array.from(description).length).toBeGreaterThan(180);
    expect(await card.getByTestId('legal-title').innerText()).toBe(excerpt(title, 80));
    expect(await card.getByTestId('legal-description').innerText()).toBe(excerpt(description, 180));
    // The item's readable address in the reader's language (docs/decisions/033).
    expect(await card.getByTestId('legal-title').getAttribute('href')).toBe(itemPathOf('legal', longLegal, lang));
    expect(decodeURIComponent(itemPathOf('legal', longLegal, 'fa'))).toBe(
      `/legal/${longLegal.id}-آنچه-قانون-درباره-ولایت-اجازه-سفر-و-حق-کار-زنان-متأهل-میگوید-راهنمایی-ساده-برای`,
    );
    // The cover is described by its own words, in the reader's language (not by the title beside it).
    expect(await card.locator('img').getAttribute('alt')).toBe(lang === 'fa' ? 'دستان یک وکیل روی کتاب قانون باز' : 'A lawyer’s hands over an open code book');
    // The item with only a video link has no picture: a placeholder keeps the grid even.
    const videoOnly = page.getByTestId('legal-card').filter({ hasText: lang === 'fa' ? 'پناهندگی' : 'Asylum' });
    expect(await videoOnly.getByTestId('image-placeholder').count()).toBe(1);
    await snap(page, `legal-list-${lang}`);
    await card.getByTestId('legal-title').click();
    await settled(page);
    expect(await page.getByTestId('detail-title').innerText()).toBe(title);
    expect(await page.getByTestId('prose').innerText()).toBe(description);
    expect(await page.getByTestId('detail').locator('time').count()).toBe(1);
    await context.close();
  });

  it.each(['en', 'fa'] as const)('says "Legal awareness not found." for a missing item and "Something went wrong" when loading fails (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/legal/999999');
    expect(await page.getByTestId('not-found').locator('h1').innerText()).toBe(texts[lang].legal.notFound);
    await failProcedures(page, { 'legal.byId': { message: 'boom', code: 'BAD_REQUEST' }, 'legal.list': { message: 'boom', code: 'BAD_REQUEST' } });
    await navigateNow(page, `/legal/${seed.legal[1]}`);
    await page.getByTestId('error-message').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('error-message').innerText()).toBe(texts[lang].legal.error);
    await navigate(page, '/legal-awareness');
    await page.getByTestId('error-message').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('error-message').innerText()).toBe(texts[lang].legal.error);
    await context.close();
  });
});

describe('published stories', () => {
  it('appear below the story form (only those editors published) and open on their own page', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await visit(page, '/yourStory');
    const published = (await publicCaller(site.deps).stories.published({})).items;
    expect(await page.getByTestId('story-title').allInnerTexts()).toEqual(published.map((story) => story.title));
    expect(await page.getByText('یک روز عادی').count()).toBe(0);
    await page.getByTestId('story-title').first().click();
    await settled(page);
    expect(await page.getByTestId('detail-title').innerText()).toBe(published[0]!.title);
    expect(await page.getByTestId('detail-title').getAttribute('dir')).toBe('auto');
    await visit(page, '/stories/999999');
    expect(await page.getByTestId('not-found').locator('h1').innerText()).toBe('Story not found.');
    await context.close();
  });
});
