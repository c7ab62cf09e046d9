import type { Editor } from '@tiptap/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentFromHtml } from '../../src/shared/rich-text/from-html.ts';
import { documentFromPlainText } from '../../src/shared/rich-text/plain-text.ts';
import { richTextDocument, richTextLimits } from '../../src/shared/rich-text/schema.ts';
import { field, openAdmin } from './support/admin.ts';
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

declare global {
  interface Window {
    /** Names of the hostile handlers that ran. */
    ran: string[];
    /** Elements with an event attribute or a script address that appeared anywhere in the page, and editable areas outside the editor. */
    seen: string[];
  }
}

/** Runs in the page before its scripts: records hostile markup the moment any of it enters the document. */
function watchForHostileMarkup() {
  window.ran = [];
  window.seen = [];
  const check = (element: Element) => {
    for (const attribute of Array.from(element.attributes))
      if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) window.seen.push(`${element.tagName} ${attribute.name}`);
    if (element instanceof HTMLElement && element.isContentEditable && !element.closest('.ProseMirror')) window.seen.push(`editable ${element.tagName}`);
  };
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        check(node);
        node.querySelectorAll('*').forEach(check);
      }
  }).observe(document, { childList: true, subtree: true });
}

/** A handler that records that it ran and asks the server for a beacon (a tracker would). */
const run = (name: string) => `window.ran.push('${name}');fetch('/beacon/${name}')`;

/** Every kind of handler and loader a pasted page could carry. */
const hostile = [
  `<img src="/beacon/img-src" alt="pixel" onerror="${run('img-error')}" onload="${run('img-load')}">`,
  `<p onclick="${run('click')}" onmouseover="${run('hover')}" style="color:red">Hostile <a href="javascript:${run('href')}">link</a> text</p>`,
  `<svg onload="${run('svg')}"><animate onbegin="${run('animate')}" attributeName="x" dur="1s"></animate></svg>`,
  `<details open ontoggle="${run('toggle')}"><summary>More</summary>Hidden</details>`,
  `<iframe srcdoc="<script>parent.ran.push('srcdoc')</script>" onload="${run('iframe')}"></iframe>`,
  `<script>${run('script')}</script>`,
  `<style>@import url('/beacon/css');</style><link rel="stylesheet" href="/beacon/link">`,
  `<video poster="/beacon/poster"><source src="/beacon/video" onerror="${run('source')}"></video>`,
  `<input autofocus onfocus="${run('focus')}"><object data="/beacon/object"></object>`,
].join('');

/** Word's way of copying a list: paragraphs with the bullet typed inside a conditional comment. */
const wordList = [
  `<h1>Rights at a glance</h1>`,
  `<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span>&nbsp;&nbsp;</span></span><![endif]>Custody</p>`,
  `<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><![if !supportLists]><span>·</span><![endif]>Visiting rights</p>`,
].join('');

/** A long document as Word copies it: a few words per paragraph, hundreds of characters of styles around them. */
function longWordDocument(paragraphs: number) {
  const texts = Array.from({ length: paragraphs }, (_, n) => `Paragraph ${n + 1} of the report.`);
  const style = `margin:0cm;margin-bottom:.0001pt;line-height:normal;mso-pagination:widow-orphan;font-size:11.0pt;font-family:"Calibri",sans-serif;mso-fareast-font-family:"Times New Roman";mso-bidi-font-family:Arial;color:#222222`;
  const html = texts.map((text) => `<p class=MsoNormal style='${style}'><span style='${style}'>${text}<o:p></o:p></span></p>`).join('\n');
  return { html: `${hostile}${html}`, text: texts.join('\n\n') };
}

interface Transfer {
  html?: string;
  text?: string;
  /** A picture file, as the clipboard holds one copied from a file manager. */
  file?: boolean;
}

/** Dispatches a paste or a drop of this data on the editor, as the browser does; answers whether the page took it over. */
function send(editor: Locator, kind: 'paste' | 'drop', data: Transfer) {
  return editor.evaluate(
    (element, { kind, data }) => {
      const transfer = new DataTransfer();
      if (data.html) transfer.setData('text/html', data.html);
      if (data.text) transfer.setData('text/plain', data.text);
      if (data.file) transfer.items.add(new File(['not really a picture'], 'photo.png', { type: 'image/png' }));
      const box = element.getBoundingClientRect();
      const init = { bubbles: true, cancelable: true };
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: transfer })
          : new DragEvent('drop', { ...init, dataTransfer: transfer, clientX: box.left + 24, clientY: box.top + 16 });
      element.dispatchEvent(event);
      return event.defaultPrevented;
    },
    { kind, data },
  );
}

type EditorCall = 'getJSON' | 'selection' | 'empty' | 'setContent' | 'insertContent' | 'insertAtEnd' | 'pasteHTML';

/** Calls the page's TipTap editor (TipTap keeps it on its element) with an HTML string where the call takes one. */
function call(editor: Locator, name: EditorCall, html = ''): Promise<unknown> {
  return editor.evaluate(
    (element, { name, html }) => {
      const instance = (element as unknown as { editor: Editor }).editor;
      if (name === 'getJSON') return instance.getJSON();
      if (name === 'selection') return [instance.state.selection.from, instance.state.selection.to];
      if (name === 'empty') return instance.commands.setContent({ type: 'doc', content: [] });
      if (name === 'pasteHTML') return instance.view.pasteHTML(html);
      if (name === 'insertAtEnd') return instance.commands.insertContentAt(instance.state.doc.content.size - 1, html);
      return instance.commands[name](html);
    },
    { name, html },
  );
}

/** A document as the server would store it, without the empty paragraphs an editor starts with. */
function stored(doc: unknown) {
  const parsed = richTextDocument.parse(doc);
  return { ...parsed, content: parsed.content.filter((block) => block.type !== 'paragraph' || block.content?.length) };
}

const contentOf = async (editor: Locator) => stored(await call(editor, 'getJSON'));

/** Waits long enough for load and error events of anything inserted, then checks that nothing ran, appeared or was requested. */
async function expectNothingRan(page: Page, beacons: string[]) {
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => ({ ran: window.ran, seen: window.seen }))).toEqual({ ran: [], seen: [] });
  expect(beacons).toEqual([]);
}

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
