import { useEditor, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import type { PasteNotice } from './allowlisted-content.ts';
import { bodyExtensions } from './extensions.ts';
import { parseBody } from './parse-body.ts';

interface BodyEditorOptions {
  /** The body as JSON text, read when the editor is made and when `revision` changes; never otherwise. */
  value: string;
  /**
   * Counts the changes made to the body from outside the editor (a discarded draft, a form emptied
   * after a save). Only a new revision puts `value` into the editor.
   */
  revision: number;
  onChange(value: string): void;
  /** Hands the form a reader of the newest document, for a save made before the form has rendered it. */
  register?(read: () => string): () => void;
  /** The attributes of the editable element (ids, direction, labels, classes). */
  attributes: Record<string, string>;
  /** What became of a paste or a drop (taken as plain text, refused); null when it went in as it was. */
  onPasteNotice(notice: PasteNotice | null): void;
}

/**
 * The body editor's ProseMirror instance, the single owner of the document while it is mounted.
 *
 * The form only hears from it (onChange); the form's value never flows back, except on a new
 * `revision`. Comparing the form's value with the editor's instead would take back an older echo
 * whenever React renders the form behind the editor (under load it does, several updates behind),
 * and each such echo silently erased what was typed since.
 *
 * @tiptap/react may also destroy an instance and make another one (its effect did not run within
 * a millisecond of the render, as happens on a busy machine): the new one starts from the newest
 * document this component knows, never from the value of an earlier render.
 */
export function useBodyEditor({ value, revision, onChange, register, attributes, onPasteNotice }: BodyEditorOptions): Editor | null {
  // The newest document text: the editor's own last update, or the last value put in from outside.
  const newest = useRef(value);
  const appliedRevision = useRef(revision);
  const onChangeRef = useRef(onChange);
  const onPasteNoticeRef = useRef(onPasteNotice);
  useEffect(() => {
    onChangeRef.current = onChange;
    onPasteNoticeRef.current = onPasteNotice;
  });
  // One list for the editor's life: @tiptap/react compares extensions one by one on every render.
  const [extensions] = useState(() => bodyExtensions({ onNotice: (notice) => onPasteNoticeRef.current(notice) }));

  // The form reads the document of the last transaction, not the value of its last render.
  useEffect(() => register?.(() => newest.current), [register]);

  const editor = useEditor({
    extensions,
    // The site's CSP allows no inline styles: the editor's few rules are in styles.css instead.
    injectCSS: false,
    // Runs before each instance makes its document, so every instance starts from the newest text.
    onBeforeCreate: ({ editor: created }) => {
      created.options.content = parseBody(newest.current);
    },
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const next = JSON.stringify(current.getJSON());
      newest.current = next;
      onChangeRef.current(next);
    },
  });

  useEffect(() => {
    if (!editor || appliedRevision.current === revision) return;
    appliedRevision.current = revision;
    newest.current = value;
    editor.commands.setContent(parseBody(value), { emitUpdate: false });
  }, [editor, revision, value]);

  return editor;
}
