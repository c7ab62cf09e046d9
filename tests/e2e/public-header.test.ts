import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { browserAndSiteForFile, type Site } from './support/site.ts';
import { documentLanguage, expectAccessible, openPage, siteEnv, snap, startPublicSite, visit } from './support/public-site.ts';

const texts = { en: enPublic, fa: faPublic } as const;
const specOrder = ['/home', '/latestnews', '/reports', '/articles', '/about', '/yourStory', '/legal-awareness', '/gallery', '/contact'];

let browser: Browser;
let site: Site;
browserAndSiteForFile(startPublicSite, (started) => ([browser, site] = started));

const activeInside = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement) ?? false, testId);

describe('the desktop bar', () => {
  it.each(['en', 'fa'] as const)('lists the header links in the original order, reading direction first (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'desktop' });
    await visit(page, '/about');
    const links = page.getByTestId('desktop-nav').getByRole('link');
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(specOrder);
    expect(await links.allInnerTexts()).toEqual(
      ['home', 'news', 'reports', 'articles', 'about', 'yourStory', 'legalAwareness', 'gallery', 'contact'].map(
        (key) => texts[lang].nav[key as keyof typeof enPublic.nav],
      ),
    );
    const xs = await links.evaluateAll((anchors) => anchors.map((a) => a.getBoundingClientRect().x));
    const sorted = [...xs].sort((a, b) => (lang === 'en' ? a - b : b - a));
    expect(xs).toEqual(sorted);
    expect(await page.locator('[data-testid="desktop-nav"] [aria-current="page"]').innerText()).toBe(texts[lang].nav.about);
    expect(await page.getByTestId('logo').locator('visible=true').getAttribute('href')).toBe('/home');
    expect(await page.getByTestId('language-switcher').locator('visible=true').getByRole('link').allInnerTexts()).toEqual(['En', 'فا']);
    await context.close();
  });

  it('shows the social links from the configuration, each opening a new tab with its "Follow us on" label', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/');
    const social = page.getByTestId('site-header').getByTestId('social-links').locator('a');
    expect(
      await social.evaluateAll((anchors) =>
        anchors.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel'), a.getAttribute('aria-label')]),
      ),
    ).toEqual([
      [siteEnv.FACEBOOK_URL, '_blank', 'noopener noreferrer', 'Follow us on Facebook'],
      [siteEnv.TWITTER_URL, '_blank', 'noopener noreferrer', 'Follow us on Twitter'],
      [`mailto:${siteEnv.CONTACT_EMAIL}`, '_blank', 'noopener noreferrer', 'Follow us on Email'],
    ]);
    await context.close();
  });

  it('switches to the menu button at 768 px and back to the bar at 769 px', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await page.setViewportSize({ width: 769, height: 900 });
    await visit(page, '/');
    expect(await page.getByTestId('desktop-nav').isVisible()).toBe(true);
    expect(await page.getByTestId('menu-button').isVisible()).toBe(false);
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await page.getByTestId('desktop-nav').isVisible()).toBe(false);
    expect(await page.getByTestId('menu-button').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the phone drawer', () => {
  it.each(['en', 'fa'] as const)('slides in from the reading start with links, languages and social links, and keeps focus inside (%s)', async (lang) => {
    const { context, page } = await openPage(browser, site, { lang, viewport: 'phone' });
    await visit(page, '/');
    expect(await page.getByTestId('desktop-nav').isVisible()).toBe(false);
    await page.getByTestId('menu-button').click();
    const drawer = page.getByRole('dialog', { name: texts[lang].nav.menu });
    await drawer.waitFor();
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('true');
    expect(
      await drawer
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href'))),
    ).toEqual([...specOrder, '/iran', '/afghanistan']);
    expect(await drawer.getByTestId('language-switcher').getByRole('link').count()).toBe(2);
    expect(await drawer.getByTestId('social-links').locator('a').count()).toBe(3);
    const box = (await drawer.boundingBox())!;
    if (lang === 'en') expect(box.x).toBe(0);
    else expect(Math.round(box.x + box.width)).toBe(375);
    // Focus starts on the close button and cycles inside, forwards and backwards.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('drawer-close');
    for (let step = 0; step < 18; step += 1) {
      await page.keyboard.press('Tab');
      expect(await activeInside(page, 'drawer')).toBe(true);
    }
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInside(page, 'drawer')).toBe(true);
    }
    await expectAccessible(page, `drawer (${lang})`);
    await snap(page, `drawer-${lang}`);
    // Escape closes and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // The header gives focus back on the next frame, once the drawer has gone.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    await context.close();
  });

  it('closes on the close button, on a backdrop click and after following a link', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'phone' });
    await visit(page, '/');
    const drawer = page.getByTestId('drawer');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('drawer-close').click();
    await drawer.waitFor({ state: 'detached' });

    await page.getByTestId('menu-button').click();
    await drawer.waitFor();
    await page.mouse.click(360, 400); // the backdrop, beyond the panel's end edge
    await drawer.waitFor({ state: 'detached' });

    await page.getByTestId('menu-button').click();
    await drawer.getByRole('link', { name: 'Legal Awareness' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/legal-awareness');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await context.close();
  });
});

describe('languages', () => {
  it('remembers the choice, and <html lang dir> follow it', async () => {
    // A context without the test helper's remembered language: the choice below is the visitor's own.
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await visit(page, '/contact');
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await page.getByTestId('site-header').getByTestId('lang-fa').locator('visible=true').click();
    await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'fa', dir: 'rtl' });
    expect(await page.getByTestId('page-title').innerText()).toBe(faPublic.contact.title);
    expect(await page.getByTestId('lang-fa').locator('visible=true').getAttribute('aria-current')).toBe('true');
    // A new page load (without the test's own language setting) keeps Persian.
    const fresh = await context.newPage();
    await visit(fresh, '/contact');
    expect(await documentLanguage(fresh)).toEqual({ lang: 'fa', dir: 'rtl' });
    expect(await fresh.evaluate(() => localStorage.getItem('lang'))).toBe('fa');
    await fresh.getByTestId('lang-en').locator('visible=true').click();
    await expect.poll(() => documentLanguage(fresh)).toEqual({ lang: 'en', dir: 'ltr' });
    await context.close();
  });

  it('falls back to English for a first visit', async () => {
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await visit(page, '/about');
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await page.getByTestId('page-title').innerText()).toBe(enPublic.about.title);
    await context.close();
  });
});

describe('the frame of every page', () => {
  it('has a skip link to the content, landmarks, and a footer linking to /about and /contact', async () => {
    const { context, page } = await openPage(browser, site, { lang: 'en', viewport: 'desktop' });
    await visit(page, '/gallery');
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.locator('header').count()).toBeGreaterThan(0);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('footer[data-testid="site-footer"]').count()).toBe(1);
    expect(await page.getByTestId('footer-about').getAttribute('href')).toBe('/about');
    expect(await page.getByTestId('footer-contact').getAttribute('href')).toBe('/contact');
    await page.getByTestId('footer-contact').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contact');
    await context.close();
  });
});
