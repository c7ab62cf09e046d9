import { EditorContent, useEditorState } from '@tiptap/react';
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatNumber } from '../../../lib/format.ts';
import { failureMessage } from '../../../lib/failure.ts';
import { uploadFile } from '../../../lib/upload.ts';
import { checkUploadFile } from '../../../lib/upload-check.ts';
import { useSiteConfig } from '../../../lib/use-site-config.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { latestDescriptions } from '../../../../shared/library.ts';
import { richTextLimits } from '../../../../shared/rich-text/schema.ts';
import { linkDialog, pictureDialog, selectedPicture, videoDialog, type DialogRequest } from './body-dialogs.tsx';
import { EditorDialog } from './editor-dialog.tsx';
import { standardActions, Toolbar } from './toolbar.tsx';
import { useBodyEditor } from './use-body-editor.ts';

// Loaded when an editor first asks for the library.
const LibraryDialog = lazy(() => import('../library/library-dialog.tsx').then((module) => ({ default: module.LibraryDialog })));

/**
 * The body editor of one language: typed right to left for Persian, left to right for English,
 * whatever the panel's language. Its value is the body document as JSON text; the editor owns the
 * text while it is shown, and takes `value` again only when `revision` changes (use-body-editor.ts).
 */
export function RichTextEditor({
  label,
  language,
  value,
  revision,
  onChange,
  register,
  error,
  required,
  name,
  pictures = true,
}: {
  label: string;
  /** The language of the text (not of the panel). */
  language: 'en' | 'fa';
  value: string;
  /** Changes whenever `value` was set from outside the editor (a discarded draft, a form emptied after saving). */
  revision: number;
  onChange(value: string): void;
  /** Lets the form read the document at submit time (use-body-editor.ts). */
  register?(read: () => string): () => void;
  error?: string[];
  required?: boolean;
  name: string;
  /** False: no picture buttons (a newsletter's body; its pictures come from the items it lists). */
  pictures?: boolean;
}) {
  const { t } = useTranslation('admin');
  const uploadLimits = useSiteConfig().data?.uploadLimits;
  const { language: panelLanguage } = useLanguage();
  const id = useId();
  const dir = language === 'fa' ? 'rtl' : 'ltr';
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [library, setLibrary] = useState(false);
  const invalid = Boolean(error?.length);
  const editor = useBodyEditor({
    value,
    revision,
    onChange,
    register,
    // In the panel's language, like every other message of the editor.
    onPasteNotice: (notice) => setNotice(notice && t(`editor.paste.${notice}`, { limit: formatNumber(richTextLimits.text, panelLanguage) })),
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
  });
  // Re-render on selection changes so the toolbar's pressed states follow the cursor.
  useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? `${current.state.selection.from}:${current.state.selection.to}:${current.isFocused}` : ''),
  });

  // Back to the text once the dialog is gone (a modal dialog makes the page behind it unfocusable),
  // at once: a focus put back later, in a frame or a timer, would bring the selection of that moment
  // back over a click made in the text meanwhile.
  const refocus = useRef(false);
  useLayoutEffect(() => {
    // (isInitialized: the editor is attached to the page, so it has a view to focus.)
    if (dialog || library || !refocus.current || !editor?.isInitialized || editor.isDestroyed) return;
    refocus.current = false;
    editor.view.focus();
  }, [dialog, library, editor]);

  if (!editor) return null;

  const close = () => {
    refocus.current = true;
    setDialog(null);
  };
  const context = { editor, t, dir, close, number: (value: number) => formatNumber(value, panelLanguage) } as const;
  const ask = (request: DialogRequest) => {
    setNotice(null);
    setDialog(request);
  };
  const picture = selectedPicture(editor);
  const upload = async (file: File) => {
    setNotice(null);
    // Type and size are checked before a byte is sent: on a slow link a photo over the limit
    // would otherwise upload for minutes before being refused.
    const check = uploadLimits ? checkUploadFile(file, { videos: false, limits: uploadLimits, language: panelLanguage }) : { ok: true as const };
    if (!check.ok) {
      setNotice(t('editor.uploadFailed') + t(`common:${check.key}`, 'size' in check ? { size: check.size, max: check.max } : {}));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile(file, { purpose: 'image', language: panelLanguage, onProgress: setProgress });
      ask(pictureDialog(context, { src: stored.path }));
    } catch (failure) {
      // A sentence in the editor's language (ours, or the kind of failure); details go to the console.
      setNotice(t('editor.uploadFailed') + failureMessage(failure, t));
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
        actions={standardActions(editor, t, {
          link: () => ask(linkDialog(context)),
          video: () => ask(videoDialog(context)),
          ...(pictures
            ? {
                image: () => fileInput.current?.click(),
                library: () => {
                  setNotice(null);
                  setLibrary(true);
                },
                describe: picture ? () => ask(pictureDialog(context, picture)) : undefined,
              }
            : {}),
        })}
      />
      {pictures ? (
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
      ) : null}
      <EditorContent editor={editor} />
      {dialog ? (
        <EditorDialog
          {...dialog}
          onCancel={close}
          onSubmit={(values) => {
            dialog.onSubmit(values);
            close();
          }}
        />
      ) : null}
      {library ? (
        <Suspense fallback={null}>
          <LibraryDialog
            onClose={() => {
              refocus.current = true;
              setLibrary(false);
            }}
            // Described for this text: its alt text starts from the picture's newest in this language.
            onChoose={(chosen) => {
              setLibrary(false);
              ask(pictureDialog(context, { src: chosen.path, alt: latestDescriptions(chosen.description)[language] ?? '' }));
            }}
          />
        </Suspense>
      ) : null}
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
        <p role="status" className="mt-1 text-sm text-red-700" data-testid={`editor-notice-${name}`}>
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
