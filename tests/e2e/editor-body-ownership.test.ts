import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { field, heading, openAdmin, publicQuery } from './support/admin.ts';
import { browserAndSiteForFile, startSite, type Site } from './support/site.ts';

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, ([launched, started]) => {
  browser = launched;
  site = started;
});

const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar', { name: /Text \(English\)$/ }).getByRole('button', { name, exact: true });

/** Polls as long as a step may take on a busy machine (the page's own timeout), not vitest's default second. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
/** The editor's own state (ProseMirror's), read from the editable element tiptap marks with its instance. */
function editorState(editor: Locator) {
  return editor.evaluate((element) => {
    const { state } = (element as HTMLElement & { editor: { state: { doc: { textContent: string }; selection: { empty: boolean; from: number } } } }).editor;
    return { text: state.doc.textContent, empty: state.selection.empty, from: state.selection.from };
  });
}

const savedDraft = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('admin-draft:') && key.endsWith(':add-news'))
      .map((key) => localStorage.getItem(key) ?? ''),
  );

describe('the body editor owns its text while it is shown', () => {
  it('takes a restored draft when it opens, and the emptied form when the draft is discarded, nothing else', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'en' });
    await heading(page).filter({ hasText: 'Add news' }).waitFor();
    const english = field(page, 'Text (English)');
    await english.click();
    await page.keyboard.type('Words kept in a draft');
    await eventually(async () => (await savedDraft(page)).join()).toContain('Words kept in a draft');

    await page.reload();
    await page.getByText('Your unsaved text from last time has been restored.').waitFor();
    await english.locator('p', { hasText: 'Words kept in a draft' }).waitFor();
    await english.locator('p').click();
    await page.keyboard.press('End');
    await page.keyboard.type(', and more');
    await eventually(async () => (await editorState(english)).text).toBe('Words kept in a draft, and more');
    await eventually(async () => (await savedDraft(page)).join()).toContain('and more');

    await page.getByRole('button', { name: 'Start over', exact: true }).click();
    await eventually(async () => (await editorState(english)).text).toBe('');
    await eventually(() => savedDraft(page)).toEqual([]);
    // Typing again starts a new draft from the empty text, not from the discarded one.
    await english.click();
    await page.keyboard.type('A new start');
    await eventually(async () => (await editorState(english)).text).toBe('A new start');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves the cursor after a link it made, so the next key cannot replace the linked words', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'en' });
    await heading(page).filter({ hasText: 'Add news' }).waitFor();
    const english = field(page, 'Text (English)');
    await english.click();
    await page.keyboard.type('Read the guide');
    await page.keyboard.press('Shift+Home');
    await eventually(async () => (await editorState(english)).empty).toBe(false);
    await toolbarButton(page, 'Link').click();
    const dialog = page.getByTestId('editor-link-dialog');
    await dialog.getByLabel(/^Link address/).fill('https://example.org/guide');
    await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await english.locator('a[href="https://example.org/guide"]', { hasText: 'Read the guide' }).waitFor();
    const after = await editorState(english);
    expect(after.empty).toBe(true);
    expect(after.from).toBe(1 + 'Read the guide'.length);

    // The next keys go after the link, and outside it.
    await page.keyboard.type(' now');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Next line');
    await eventually(async () => (await editorState(english)).text).toBe('Read the guide nowNext line');
    expect(await english.locator('a').allInnerTexts()).toEqual(['Read the guide']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for the words of a link when none are selected, and removes a link from the same dialog, from the keyboard', async () => {
    const { context, page, problems } = await openAdmin(browser, site, '/admin/news/add', { lang: 'fa' });
    await heading(page).filter({ hasText: 'افزودن خبر' }).waitFor();
    const english = field(page, 'متن (انگلیسی)');
    await english.click();
    await page.keyboard.type('See ');
    // Shift+Tab reaches the toolbar (one tab stop); the arrow keys follow the text's direction.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    const link = page.getByRole('toolbar', { name: /متن \(انگلیسی\)$/ }).getByRole('button', { name: 'پیوند', exact: true });
    for (let press = 0; press < 20 && !(await link.evaluate((element) => element === document.activeElement)); press++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('editor-link-dialog');
    // Nothing was selected: the words are asked for too, in the body's direction, and are required.
    const words = dialog.getByLabel(/^متن پیوند/);
    expect(await words.getAttribute('dir')).toBe('ltr');
    // The dialog itself speaks the panel's language, right to left.
    expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await dialog.getByLabel(/^نشانی پیوند/).fill('mailto:team@example.org');
    await dialog.getByRole('button', { name: 'افزودن', exact: true }).click();
    await dialog.getByText('واژه‌هایی را که خوانندگان روی آن کلیک می‌کنند وارد کنید.').waitFor();
    await words.fill('the team');
    await words.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await english.locator('a[href="mailto:team@example.org"]', { hasText: 'the team' }).waitFor();
    await eventually(() => english.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Escape gives up and changes nothing.
    await english.locator('a').click();
    await link.click();
    expect(await dialog.getByLabel(/^نشانی پیوند/).inputValue()).toBe('mailto:team@example.org');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await english.locator('a[href="mailto:team@example.org"]').waitFor();

    await english.locator('a').click();
    await link.click();
    await dialog.getByRole('button', { name: 'برداشتن پیوند', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => english.locator('a').count()).toBe(0);
    expect(await english.innerText()).toBe('See the team');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a save reads the bodies as their editors hold them', () => {
  it('keeps words put in the body in the same moment as the save, before the form has rendered them (legal item and news)', async () => {
    const legal = await makeLegalItem(site.deps, { descriptionEn: 'What the law says.' });
    const news = await makeContent(site.deps, 'news', { descriptionEn: 'A short report.' });
    const { context, page, problems } = await openAdmin(browser, site, '/admin', { lang: 'en' });
    for (const { path, list, query, id, before } of [
      { path: `/admin/edit/legal/${legal.id}`, list: '**/admin/legal/all**', query: 'legal.byId', id: legal.id, before: 'What the law says.' },
      { path: `/admin/edit/news/${news.id}`, list: '**/admin/news/all**', query: 'news.byId', id: news.id, before: 'A short report.' },
    ]) {
      await page.goto(path);
      const english = field(page, 'Text (English)');
      await english.locator('p', { hasText: before }).waitFor();
      // The words go in and the form is sent in one task: React has not rendered the form since,
      // as when the save button is pressed right after the last keystroke on a busy machine.
      await english.evaluate((element) => {
        const { editor } = element as HTMLElement & { editor: { commands: { insertContentAt(at: number, text: string): boolean }; state: { doc: { content: { size: number } } } } };
        editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' Last words.');
        element.closest('form')!.requestSubmit();
      });
      await page.waitForURL(list);
      const saved = await publicQuery<{ descriptionEn: string }>(site, query, { id });
      expect(saved.ok && saved.data.descriptionEn).toBe(`${before} Last words.`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a picture over the limit before sending a byte, and says so in the editor’s language', async () => {
    const { context, page } = await openAdmin(browser, site, '/admin/news/add', { lang: 'fa' });
    await page.getByTestId('editor-file-bodyFa').waitFor({ state: 'attached' });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/uploads')) uploads.push(request.url());
    });
    // A little over the site's 10 MB image limit.
    await page.getByTestId('editor-file-bodyFa').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(Math.round(10.5 * 1024 * 1024), 1) });
    const notice = page.getByRole('status').filter({ hasText: 'تصویر بارگذاری نشد' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('حداکثر حجم تصویر ۱۰ مگابایت است');
    expect(await notice.innerText()).not.toMatch(/[0-9]/);
    expect(uploads).toEqual([]);
    await context.close();
  });
});
