import type { Editor } from '@tiptap/core';
import type { Browser, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentFromHtml } from '../../src/shared/rich-text/from-html.ts';
import { documentFromPlainText } from '../../src/shared/rich-text/plain-text.ts';
import { richTextLimits } from '../../src/shared/rich-text/schema.ts';
import { field, openAdmin } from './support/admin.ts';
import {
  call,
  contentOf,
  expectNothingRan,
  hostile,
  longWordDocument,
  send,
  stored,
  watchForHostileMarkup,
  wordList,
  type Transfer,
} from './support/hostile-paste.ts';
import { browserAndSiteForFile, startSite, type Site } from './support/site.ts';

/*
 * Hostile HTML reaching the body editor by every way there is: a paste (also one the conversion
 * refuses as too long or too deep), a drop, the editor's commands given HTML strings, and
 * ProseMirror's own paste. The site's content security policy is switched off in these pages, so
 * a handler that ran would show: each handler records itself and makes a request.
 */

let browser: Browser;
let site: Site;
browserAndSiteForFile(startSite, ([launched, started]) => {
  browser = launched;
  site = started;
});

async function openEditor(lang: 'en' | 'fa' = 'en') {
  const session = await openAdmin(browser, site, '/admin/news/add', { lang, relaxedCsp: true });
  await session.context.addInitScript(watchForHostileMarkup);
  const beacons: string[] = [];
  session.page.on('request', (request) => {
    if (request.url().includes('/beacon/')) beacons.push(request.url());
  });
  // Again, so the watcher is in place from the start of the document.
  await session.page.reload();
  const editor = field(session.page, lang === 'fa' ? 'متن (انگلیسی)' : 'Text (English)');
  await editor.click();
  return { ...session, editor, beacons, notice: session.page.getByTestId('editor-notice-bodyEn') };
}

/** Polls for a while: a paste of hundreds of kilobytes takes its time on a busy machine. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const english = {
  asText: 'The formatting of what you pasted was too large or too deeply nested to read safely, so it was pasted as plain text.',
  tooLong: `Nothing was pasted: it is longer than a whole text may be (${richTextLimits.text.toLocaleString('en')} characters).`,
  unreadable: 'Nothing was pasted: its formatting was too large or too deeply nested to read safely, and it came without plain text.',
  files: 'Files cannot be pasted or dropped into the text. Use “Insert picture” to add a picture.',
};

describe('Every way HTML reaches the body editor goes through the allowlist', () => {
  it('can see a handler run: with the policy relaxed, the same HTML put into the page runs its handlers and makes requests', async () => {
    const { context, page, beacons } = await openEditor();
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', `<div>${html}</div>`), hostile);
    await eventually(() => page.evaluate(() => window.ran)).toContain('img-error');
    expect(await page.evaluate(() => window.seen.length)).toBeGreaterThan(0);
    expect(beacons.length).toBeGreaterThan(0);
    await context.close();
  });

  it('pastes hostile HTML as exactly what the allowlist yields, running no handler and loading nothing', async () => {
    const { context, page, editor, beacons, problems } = await openEditor();
    const html = `${hostile}${wordList}<p>Read <a href="https://example.org/law">the law</a></p>`;
    expect(await send(editor, 'paste', { html, text: 'plain' })).toBe(true);
    await eventually(() => contentOf(editor)).toEqual(stored(documentFromHtml(html)));
    expect(await editor.locator('ul > li').allInnerTexts()).toEqual(['Custody', 'Visiting rights']);
    await expectNothingRan(page, beacons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pastes HTML too long to convert as its plain text, says so, and never hands the HTML to the editor', async () => {
    const { context, page, editor, beacons, notice, problems } = await openEditor();
    const pasted = longWordDocument(700);
    expect(pasted.html.length).toBeGreaterThan(200_000);
    expect(await send(editor, 'paste', pasted)).toBe(true);
    await eventually(() => contentOf(editor)).toEqual(stored(documentFromPlainText(pasted.text)));
    expect(await notice.innerText()).toBe(english.asText);
    await expectNothingRan(page, beacons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pastes HTML nested deeper than the conversion reads as its plain text, whether the depth shows or hides behind stray closing tags', async () => {
    const { context, page, editor, beacons, notice, problems } = await openEditor();
    const deep = [`${'<div>'.repeat(600)}${hostile}<p>Deep words</p>${'</div>'.repeat(600)}`, `${'<div></b>'.repeat(20_000)}${hostile}<p>Deep words</p>`];
    for (const html of deep) {
      await call(editor, 'empty');
      expect(await send(editor, 'paste', { html, text: 'Deep words' })).toBe(true);
      await eventually(() => contentOf(editor)).toEqual(stored(documentFromPlainText('Deep words')));
      expect(await notice.innerText()).toBe(english.asText);
    }
    await expectNothingRan(page, beacons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a paste too long even as plain text, or unreadable without one, leaving the text and its selection as they were', async () => {
    const { context, page, editor, beacons, notice } = await openEditor();
    await page.keyboard.type('Keep me');
    await page.keyboard.press('ControlOrMeta+A');
    const [before, selected] = [await contentOf(editor), await call(editor, 'selection')];
    const tooLong = 'word '.repeat(richTextLimits.text / 4);
    const refusals: [Transfer, string][] = [
      [{ html: longWordDocument(700).html, text: tooLong }, english.tooLong],
      [{ html: `${'<div>'.repeat(600)}x` }, english.unreadable],
      [{ text: tooLong }, english.tooLong],
    ];
    for (const [data, sentence] of refusals) {
      expect(await send(editor, 'paste', data)).toBe(true);
      await eventually(() => notice.innerText()).toBe(sentence);
      expect(await contentOf(editor)).toEqual(before);
      expect(await call(editor, 'selection')).toEqual(selected);
    }
    await expectNothingRan(page, beacons);
    await context.close();
  });

  it('refuses a paste or a drop of files with a message, and never lets the browser paste into the page itself', async () => {
    const { context, page, editor, beacons, notice, problems } = await openEditor();
    expect(await send(editor, 'paste', { file: true })).toBe(true);
    await eventually(() => notice.innerText()).toBe(english.files);
    // A paste that works clears the message; a drop of a file brings it back.
    await send(editor, 'paste', { text: 'Words' });
    await notice.waitFor({ state: 'detached' });
    expect(await send(editor, 'drop', { file: true })).toBe(true);
    await eventually(() => notice.innerText()).toBe(english.files);
    expect(await contentOf(editor)).toEqual(stored(documentFromPlainText('Words')));
    await expectNothingRan(page, beacons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('drops HTML from another page through the allowlist: Word’s lists stay lists, handlers and foreign pictures go', async () => {
    const { context, page, editor, beacons, problems } = await openEditor();
    const html = `${wordList}${hostile}`;
    expect(await send(editor, 'drop', { html, text: 'plain' })).toBe(true);
    await eventually(() => contentOf(editor)).toEqual(stored(documentFromHtml(html)));
    expect(await editor.locator('ul > li').allInnerTexts()).toEqual(['Custody', 'Visiting rights']);
    expect(await editor.locator('h2').innerText()).toBe('Rights at a glance');
    await expectNothingRan(page, beacons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('puts HTML given to its commands, or to ProseMirror’s own paste, through the allowlist', async () => {
    const { context, page, editor, beacons, problems } = await openEditor();
    const html = `${wordList}${hostile}<p>After</p>`;
    for (const name of ['setContent', 'insertContent', 'pasteHTML'] as const) {
      await call(editor, 'empty');
      await call(editor, name, html);
      expect(await contentOf(editor), name).toEqual(stored(documentFromHtml(html)));
    }
    // Words without markup stay the words they are, spaces and all, without direction overrides.
    await call(editor, 'setContent', '<p>What the law says.</p>');
    await call(editor, 'insertAtEnd', ' Last \u202Ewords.');
    expect(await editor.innerText()).toBe('What the law says. Last words.');
    // Too deep for the conversion: refused, never parsed by the browser instead.
    await call(editor, 'empty');
    const deep = `${'<div>'.repeat(600)}<p>Deep</p>`;
    expect(await call(editor, 'insertContent', deep)).toBe(false);
    expect(await call(editor, 'setContent', deep)).toBe(false);
    expect((await contentOf(editor)).content).toEqual([]);
    await expectNothingRan(page, beacons);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pastes text without direction overrides, so the editor shows what will be saved', async () => {
    const { context, editor } = await openEditor();
    const spoofed = 'Invoice for Eve \u202Efdp.exe';
    for (const data of [{ html: `<p>${spoofed}</p>`, text: spoofed }, { text: spoofed }]) {
      await call(editor, 'empty');
      await send(editor, 'paste', data);
      await eventually(() => editor.innerText()).toContain('Invoice for Eve');
      expect(await editor.innerText()).not.toContain('\u202E');
    }
    await context.close();
  });

  it('still moves words dragged inside a body, and from one body to the other', async () => {
    const { context, page, editor, problems } = await openEditor();
    const persian = field(page, 'Text (Persian)');
    await page.keyboard.type('Alpha Beta Gamma');
    /** Selects a word of the English body, starts dragging it as the browser does, and drops it at the start of a body. */
    const dragWord = async (word: string, target: Locator) =>
      editor.evaluate(
        (source, { word, target }) => {
          const instance = (source as unknown as { editor: Editor }).editor;
          const from = instance.state.doc.textContent.indexOf(word) + 1;
          instance.commands.setTextSelection({ from, to: from + word.length });
          const text = source.querySelector('p')!.firstChild!;
          const range = document.createRange();
          range.setStart(text, from - 1);
          range.setEnd(text, from - 1 + word.length);
          const box = range.getBoundingClientRect();
          const transfer = new DataTransfer();
          const init = { bubbles: true, cancelable: true, dataTransfer: transfer };
          source.dispatchEvent(new DragEvent('dragstart', { ...init, clientX: box.left + 2, clientY: box.top + box.height / 2 }));
          const place = target.getBoundingClientRect();
          target.dispatchEvent(new DragEvent('drop', { ...init, clientX: place.left + 18, clientY: place.top + 14 }));
          source.dispatchEvent(new DragEvent('dragend', init));
        },
        { word, target: (await target.elementHandle())! },
      );
    await dragWord('Gamma', editor);
    await eventually(() => editor.innerText()).toMatch(/^GammaAlpha Beta\s*$/);
    await dragWord('Beta', persian);
    await eventually(() => contentOf(persian)).toEqual(stored(documentFromPlainText('Beta')));
    await eventually(() => editor.innerText()).toMatch(/^GammaAlpha\s*$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('words its refusals in Persian in the Persian panel', async () => {
    const { context, editor, notice } = await openEditor('fa');
    await send(editor, 'paste', { html: `${'<div>'.repeat(600)}x`, text: 'واژه '.repeat(richTextLimits.text / 4) });
    await eventually(() => notice.innerText()).toBe(`چیزی چسبانده نشد: از حداکثر طول یک متن (${richTextLimits.text.toLocaleString('fa')} نویسه) بلندتر است.`);
    await send(editor, 'drop', { file: true });
    await eventually(() => notice.innerText()).toBe('فایل را نمی‌توان در متن چسباند یا رها کرد. برای افزودن تصویر از «افزودن تصویر» استفاده کنید.');
    await context.close();
  });
});
