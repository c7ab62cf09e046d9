import type { Editor } from '@tiptap/core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { richTextDocument } from '../../../src/shared/rich-text/schema.ts';

/*
 * Hostile HTML for the body editor's paste tests, and the means to send it and to see what it did:
 * each handler records itself and requests a beacon, and a watcher in the page records any element
 * with an event attribute, or an editable area outside the editor, the moment it appears.
 */

declare global {
  interface Window {
    /** Names of the hostile handlers that ran. */
    ran: string[];
    /** Elements with an event attribute or a script address that appeared anywhere in the page, and editable areas outside the editor. */
    seen: string[];
  }
}

/** Runs in the page before its scripts: records hostile markup the moment any of it enters the document. */
export function watchForHostileMarkup() {
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
export const hostile = [
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
export const wordList = [
  `<h1>Rights at a glance</h1>`,
  `<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span>&nbsp;&nbsp;</span></span><![endif]>Custody</p>`,
  `<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><![if !supportLists]><span>·</span><![endif]>Visiting rights</p>`,
].join('');

/** A long document as Word copies it: a few words per paragraph, hundreds of characters of styles around them. */
export function longWordDocument(paragraphs: number) {
  const texts = Array.from({ length: paragraphs }, (_, n) => `Paragraph ${n + 1} of the report.`);
  const style = `margin:0cm;margin-bottom:.0001pt;line-height:normal;mso-pagination:widow-orphan;font-size:11.0pt;font-family:"Calibri",sans-serif;mso-fareast-font-family:"Times New Roman";mso-bidi-font-family:Arial;color:#222222`;
  const html = texts.map((text) => `<p class=MsoNormal style='${style}'><span style='${style}'>${text}<o:p></o:p></span></p>`).join('\n');
  return { html: `${hostile}${html}`, text: texts.join('\n\n') };
}

export interface Transfer {
  html?: string;
  text?: string;
  /** A picture file, as the clipboard holds one copied from a file manager. */
  file?: boolean;
}

/** Dispatches a paste or a drop of this data on the editor, as the browser does; answers whether the page took it over. */
export function send(editor: Locator, kind: 'paste' | 'drop', data: Transfer) {
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

export type EditorCall = 'getJSON' | 'selection' | 'empty' | 'setContent' | 'insertContent' | 'insertAtEnd' | 'pasteHTML';

/** Calls the page's TipTap editor (TipTap keeps it on its element) with an HTML string where the call takes one. */
export function call(editor: Locator, name: EditorCall, html = ''): Promise<unknown> {
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
export function stored(doc: unknown) {
  const parsed = richTextDocument.parse(doc);
  return { ...parsed, content: parsed.content.filter((block) => block.type !== 'paragraph' || block.content?.length) };
}

export const contentOf = async (editor: Locator) => stored(await call(editor, 'getJSON'));

/** Waits long enough for load and error events of anything inserted, then checks that nothing ran, appeared or was requested. */
export async function expectNothingRan(page: Page, beacons: string[]) {
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => ({ ran: window.ran, seen: window.seen }))).toEqual({ ran: [], seen: [] });
  expect(beacons).toEqual([]);
}
