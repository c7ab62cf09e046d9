import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkHref } from '../../../../shared/rich-text/schema.ts';
import { isRecognisedVideoLink } from '../../../../shared/video-links.ts';
import { uploadFile } from '../../../lib/upload.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { bodyExtensions } from './extensions.ts';
import { parseBody } from './parse-body.ts';
import { standardActions, Toolbar } from './toolbar.tsx';

/**
 * The body editor of one language: typed right to left for Persian, left to right for English,
 * whatever the panel's language. Its value is the body document as JSON text.
 */
export function RichTextEditor({
  label,
  language,
  value,
  onChange,
  error,
  required,
  name,
}: {
  label: string;
  /** The language of the text (not of the panel). */
  language: 'en' | 'fa';
  value: string;
  onChange(value: string): void;
  error?: string[];
  required?: boolean;
  name: string;
}) {
  const { t } = useTranslation('admin');
  const { language: panelLanguage } = useLanguage();
  const id = useId();
  const dir = language === 'fa' ? 'rtl' : 'ltr';
  // Every value the editor itself sent up. Under load the form can hand back an older one of them
  // after a newer edit (React renders the echo of update N after update N+1): that echo must never
  // replace the content, or the newest edits (a link just set) are silently lost.
  const emitted = useRef(new Set([value]));
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const invalid = Boolean(error?.length);
  const editor = useEditor({
    extensions: bodyExtensions,
    // The site's CSP allows no inline styles: the editor's few rules are in styles.css instead.
    injectCSS: false,
    content: parseBody(value),
    editorProps: {
      attributes: {
        id,
        dir,
        lang: language,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': [`${id}-hint`, invalid ? `${id}-error` : ''].filter(Boolean).join(' '),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        'data-testid': `editor-${name}`,
        class: 'rich-body min-h-48 rounded-b-lg border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 focus:outline-2 focus:outline-plum-500',
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = JSON.stringify(current.getJSON());
      emitted.current.add(next);
      // A few dozen recent ones are enough to recognise any echo still on its way.
      if (emitted.current.size > 50) emitted.current.delete(emitted.current.values().next().value!);
      onChange(next);
    },
  });
  // A value set from outside (a restored draft) replaces the content; the editor's own echoes do not.
  useEffect(() => {
    if (editor && !emitted.current.has(value)) {
      emitted.current = new Set([value]);
      editor.commands.setContent(parseBody(value), { emitUpdate: false });
    }
  }, [editor, value]);
  // Re-render on selection changes so the toolbar's pressed states follow the cursor.
  useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? `${current.state.selection.from}:${current.state.selection.to}:${current.isFocused}` : ''),
  });

  if (!editor) return null;

  const link = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const answer = window.prompt(t('editor.linkPrompt'), previous);
    if (answer === null) return;
    if (!answer.trim()) return void editor.chain().focus().extendMarkRange('link').unsetLink().run();
    const href = linkHref.safeParse(answer.trim());
    if (!href.success) return setNotice(t('editor.linkInvalid'));
    setNotice(null);
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.data }).run();
  };
  const video = () => {
    const answer = window.prompt(t('editor.videoPrompt'));
    if (answer === null || !answer.trim()) return;
    if (!isRecognisedVideoLink(answer.trim())) return setNotice(t('editor.videoInvalid'));
    setNotice(null);
    editor
      .chain()
      .focus()
      .insertContent({ type: 'video', attrs: { src: answer.trim() } })
      .run();
  };
  const upload = async (file: File) => {
    setNotice(null);
    setProgress(0);
    try {
      const stored = await uploadFile(file, { purpose: 'image', language: panelLanguage, onProgress: setProgress });
      const alt = window.prompt(t('editor.altPrompt'))?.trim();
      if (!alt) return setNotice(t('editor.altMissing'));
      const caption = window.prompt(t('editor.captionPrompt'))?.trim() || null;
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src: stored.path, alt, caption } })
        .run();
    } catch (failure) {
      setNotice(t('editor.uploadFailed') + (failure instanceof Error ? failure.message : ''));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div lang={language}>
      <p id={`${id}-label`} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </p>
      <Toolbar
        label={`${t('editor.toolbar')}: ${label}`}
        dir={dir}
        actions={standardActions(editor, t, { link, video, image: () => fileInput.current?.click() })}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`editor-file-${name}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <EditorContent editor={editor} />
      {progress !== null ? (
        <progress
          className="mt-2 h-2 w-full accent-plum-700"
          max={1}
          value={progress}
          aria-label={t('editor.uploading')}
          data-testid={`editor-progress-${name}`}
        />
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        {t('editor.hint')}
      </p>
      {notice ? (
        <p role="status" className="mt-1 text-sm text-red-700">
          {notice}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error!.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
