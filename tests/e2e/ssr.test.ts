import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeContent } from '../factories/index.ts';
import { browserAndSiteForFile, newContext, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
let newsId: number;
browserAndSiteForFile(
  () => startSite({ PUBLIC_URL: 'https://news.example.org' }),
  (started) => ([browser, site] = started),
);
beforeAll(async () => {
  const news = await makeContent(site.deps, 'news', {
    titleEn: 'Midwives warn of gaps in maternal care',
    titleFa: 'ماماها دربارهٔ کمبود مراقبت از مادران هشدار می‌دهند',
    descriptionEn: 'Midwives working in remote districts describe women left without care.',
    descriptionFa: 'ماماهایی که در ولسوالی‌های دورافتاده کار می‌کنند از زنانی می‌گویند که بی‌مراقبت مانده‌اند.',
    coverAltEn: 'A midwife weighing a newborn in a clinic',
    coverAltFa: 'ماما نوزادی را در درمانگاه وزن می‌کند',
  });
  newsId = news.id;
});

const page = (path: string) => fetch(site.url + path).then(async (response) => ({ status: response.status, html: await response.text() }));

describe('server-rendered public pages', () => {
  it('return a detail page with its full content and share tags before any script runs', async () => {
    const { status, html } = await page(`/news/${newsId}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain('<title>Midwives warn of gaps in maternal care — ');
    expect(html).toContain('Midwives working in remote districts describe women left without care.');
    // The numeric address names the readable one, each language its own (docs/decisions/033).
    expect(html).toContain(`<link rel="canonical" href="https://news.example.org/news/${newsId}-midwives-warn-of-gaps-in-maternal-care">`);
    expect(html).toContain(
      `<link rel="alternate" hreflang="fa" href="https://news.example.org/news/${newsId}-${encodeURIComponent('ماماها-درباره-کمبود-مراقبت-از-مادران-هشدار-میدهند')}?lang=fa">`,
    );
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/news\.example\.org\/storage\/images\/[a-z0-9]+/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The share picture's description travels with it, for readers who cannot see it where the link is shared.
    expect(html).toContain('<meta property="og:image:alt" content="A midwife weighing a newborn in a clinic">');
    expect(html).toContain('<meta name="twitter:image:alt" content="A midwife weighing a newborn in a clinic">');
    expect(html).toContain('<meta property="og:description" content="Midwives working in remote districts');
    expect(html).toContain('href="/rss/en/news.xml"');
  });

  it('render in Persian, right to left, when the link says ?lang=fa', async () => {
    const { html } = await page(`/news/${newsId}?lang=fa`);
    expect(html).toMatch(/<html lang="fa" dir="rtl"/);
    expect(html).toContain('ماماها دربارهٔ کمبود مراقبت از مادران هشدار می‌دهند');
    expect(html).toContain('<meta property="og:locale" content="fa_IR">');
    expect(html).toContain('<meta property="og:image:alt" content="ماما نوزادی را در درمانگاه وزن می‌کند">');
    expect(html).toContain(
      `<link rel="canonical" href="https://news.example.org/news/${newsId}-${encodeURIComponent('ماماها-درباره-کمبود-مراقبت-از-مادران-هشدار-میدهند')}?lang=fa">`,
    );
  });

  it('answer 404 for an unknown path, and for an unknown item, with the not-found text', async () => {
    const unknown = await page('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Oops! The page you&#x27;re looking for doesn&#x27;t exist.');
    const missing = await page('/news/999999');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('News not found.');
  });

  it('keep the admin panel client-only, and render the sign-in page with its note for browsers without JavaScript', async () => {
    for (const path of ['/admin/home', '/setup']) {
      const { html } = await page(path);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('__STATE__');
    }
    const { html } = await page('/login');
    expect(html).toContain('<form');
    expect(html).toContain('method="post"');
    expect(html).toMatch(/<noscript>.*Signing in needs JavaScript.*<\/noscript>/s);
  });

  it('are readable with scripts turned off, and hydrate without a warning when scripts run', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
    const still = await noScript.newPage();
    await still.goto('/latestnews');
    expect(await still.locator('main').innerText()).toContain('Midwives warn of gaps in maternal care');
    await noScript.close();

    const context = await newContext(browser, site, { viewport: 'phone' });
    const live = await context.newPage();
    const messages: string[] = [];
    live.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    live.on('pageerror', (error) => messages.push(error.message));
    for (const path of ['/', `/news/${newsId}`, '/latestnews', '/?lang=fa']) {
      await live.goto(path, { waitUntil: 'networkidle' });
      await live.locator('main').first().waitFor();
    }
    expect(messages.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);
    expect(messages).toEqual([]);
    await context.close();
  });
});
