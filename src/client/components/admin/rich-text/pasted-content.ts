import { Extension } from '@tiptap/core';
import { DOMSerializer, type Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { dropPoint } from '@tiptap/pm/transform';
import type { EditorView } from '@tiptap/pm/view';
import { stripBidiOverrides } from '../../../../shared/bidi.ts';
import { richTextLimits } from '../../../../shared/rich-text/schema.ts';
import { documentFromHtmlString, pastedDocument, sliceOf, type PasteNotice } from './allowlisted-content.ts';

export interface PastedContentOptions {
  /** Tells the writer what became of a paste or a drop; null once one went through as it was. */
  onNotice(notice: PasteNotice | null): void;
}

type Notify = PastedContentOptions['onNotice'];

/**
 * Plain text ProseMirror's own paste may take as it is: it reads no HTML for it, and keeps what
 * TipTap does with pasted text (a pasted address links the selected words, typed-out numbers
 * become a list). Text longer than a body, or that would turn direction around, goes the site's way.
 */
function plainForProseMirror(data: DataTransfer): boolean {
  const text = data.getData('text/plain');
  return !data.getData('text/html') && text !== '' && text.length <= richTextLimits.text && stripBidiOverrides(text) === text;
}

/** What a paste or a drop puts into the text, through the allowlist; null when nothing (the writer is told why). */
function transferredSlice(view: EditorView, data: DataTransfer, onNotice: Notify): Slice | null {
  const [html, text] = [data.getData('text/html'), data.getData('text/plain')];
  // Files (a picture copied from a file manager) the browser would otherwise paste, or open in place
  // of the page; or only types of other programs' own, which hold nothing for a body.
  if (!html && !text) {
    onNotice(data.files.length ? 'files' : null);
    return null;
  }
  const result = pastedDocument(html, text);
  if ('refused' in result) {
    onNotice(result.refused);
    return null;
  }
  onNotice(result.notice);
  return result.doc.content.length ? sliceOf(view.state.schema, result.doc) : null;
}

function paste(view: EditorView, event: ClipboardEvent, onNotice: Notify): boolean {
  const data = event.clipboardData;
  if (data && plainForProseMirror(data)) {
    onNotice(null);
    return false;
  }
  event.preventDefault();
  // Without clipboard data ProseMirror would let the browser paste into a hidden editable element of the page.
  if (!data) {
    onNotice(null);
    return true;
  }
  const slice = transferredSlice(view, data, onNotice);
  if (slice) view.dispatch(view.state.tr.replaceSelection(slice).scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
  return true;
}

function drop(view: EditorView, event: DragEvent, onNotice: Notify): boolean {
  const data = event.dataTransfer;
  // A drag inside this editor moves its own nodes: ProseMirror reads no HTML for it.
  if (view.dragging || !data) return false;
  if (plainForProseMirror(data)) {
    onNotice(null);
    return false;
  }
  event.preventDefault();
  const slice = transferredSlice(view, data, onNotice);
  const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
  if (!slice || !at) return true;
  // Focus first: TipTap records a focus with a transaction of its own, which would make this one stale.
  view.focus();
  // Where ProseMirror's own drop would put it, with what was dropped selected.
  const pos = dropPoint(view.state.doc, at.pos, slice) ?? at.pos;
  const tr = view.state.tr.replaceRange(pos, pos, slice);
  const end = tr.mapping.map(pos, 1);
  tr.setSelection(TextSelection.between(tr.doc.resolve(pos), tr.doc.resolve(end)));
  view.dispatch(tr.setMeta('uiEvent', 'drop'));
  return true;
}

/**
 * HTML that reaches ProseMirror's own clipboard parser by any other way (its pasteHTML, a path added
 * in a later version) is replaced by the allowlisted document, written out by the editor's schema
 * into a document of its own that loads nothing; refused HTML becomes nothing.
 */
function allowlistedHtml(view: EditorView, html: string, onNotice: Notify): string {
  const doc = documentFromHtmlString(html);
  if (!doc) {
    onNotice('unreadable');
    return '';
  }
  const inert = document.implementation.createHTMLDocument('');
  const node = view.state.schema.nodeFromJSON(doc);
  inert.body.append(DOMSerializer.fromSchema(view.state.schema).serializeFragment(node.content, { document: inert }));
  return inert.body.innerHTML;
}

/**
 * Every way pasted or dropped HTML enters the body editor goes through the site's allowlist
 * (allowlisted-content.ts), so the editor holds only what a saved body may hold and the browser
 * never parses hostile markup for it, whatever the content security policy. Its plugin comes after
 * TipTap's paste-rule plugins, whose drop handler moves text dragged from the other body editor.
 */
export const PastedContent = Extension.create<PastedContentOptions>({
  name: 'pastedContent',
  addOptions() {
    return { onNotice: () => undefined };
  },
  addProseMirrorPlugins() {
    const { onNotice } = this.options;
    return [
      new Plugin({
        key: new PluginKey('pastedContent'),
        props: {
          handleDOMEvents: {
            paste: (view, event) => paste(view, event, onNotice),
            drop: (view, event) => drop(view, event, onNotice),
          },
          transformPastedHTML: (html, view) => allowlistedHtml(view, html, onNotice),
          // Text the writer pastes cannot turn direction around for what follows (as the schema does on saving).
          transformPastedText: (text) => stripBidiOverrides(text),
          // A paste that came to nothing changes nothing: it must not delete the selected text.
          handlePaste: (_view, _event, slice) => slice.size === 0,
        },
      }),
    ];
  },
});
