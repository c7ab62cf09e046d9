import type { ChainedCommands, Editor } from '@tiptap/core';
import type { TFunction } from 'i18next';
import { NodeSelection, Selection, type Transaction } from '@tiptap/pm/state';
import { privateMediaUrl } from '../../../../shared/image-url.ts';
import { linkHref, richTextLimits } from '../../../../shared/rich-text/schema.ts';
import { isRecognisedVideoLink } from '../../../../shared/video-links.ts';
import type { DialogValues, EditorDialogProps } from './editor-dialog.tsx';

/** What the editor's dialog is asked to show; Cancel and closing are the editor's own. */
export type DialogRequest = Omit<EditorDialogProps, 'onCancel'>;

interface Context {
  editor: Editor;
  t: TFunction<'admin'>;
  /** The body's direction, for the words typed into the dialog. */
  dir: 'ltr' | 'rtl';
  /** Numbers in the panel's digits. */
  number(value: number): string;
  /** Closes the dialog (and gives the focus back to the text). */
  close(): void;
}

/**
 * The editor's commands, run on the selection the dialog was opened for: the dialog took the focus,
 * and the link must apply to the words the editor selected. While a dialog is open nothing else
 * changes the text, so the remembered selection still fits; if it somehow does not, the current one
 * is used. (No `.focus()` here: the editor takes the focus back itself once the dialog is gone.)
 */
function onOpenedSelection(editor: Editor): () => ChainedCommands {
  const { doc, selection } = editor.state;
  return () =>
    editor.chain().command(({ tr }) => {
      if (tr.doc.eq(doc)) tr.setSelection(selection.map(tr.doc, tr.mapping));
      return true;
    });
}

/**
 * Leaves the cursor just after what the dialog changed, with nothing selected. A selection kept
 * over the linked words (or on a picture) would be replaced by the next key pressed; and the browser
 * or the editor may put the old selection back a moment after the focus returns (late on a busy
 * machine, after a click elsewhere in the text), so nothing destructive may be left to put back.
 */
function collapseAfterSelection({ tr }: { tr: Transaction }) {
  tr.setSelection(Selection.near(tr.doc.resolve(tr.selection.to), 1));
  return true;
}

function tooLong(context: Context, value: string, limit: number): string | null {
  return value.length > limit ? context.t('editor.dialog.tooLong', { limit: context.number(limit) }) : null;
}

function withoutEmpty(errors: Record<string, string | null | false>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** Adds or changes the link of the selected words; with nothing selected, asks for the words too. */
export function linkDialog(context: Context): DialogRequest {
  const { editor, t } = context;
  const chain = onOpenedSelection(editor);
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const needsText = editor.state.selection.empty && !current;
  return {
    testId: 'editor-link-dialog',
    title: t(current ? 'editor.dialog.editLinkTitle' : 'editor.dialog.linkTitle'),
    submitLabel: t(current ? 'editor.dialog.apply' : 'editor.dialog.insert'),
    initial: { href: current, text: '' },
    fields: [
      ...(needsText ? [{ name: 'text', label: t('editor.dialog.linkText'), required: true, dir: context.dir }] : []),
      { name: 'href', label: t('editor.dialog.linkAddress'), hint: t('editor.dialog.linkAddressHint'), required: true, dir: 'ltr', url: true },
    ],
    validate: ({ href = '', text = '' }) =>
      withoutEmpty({
        text: needsText && !text && t('editor.dialog.linkTextMissing'),
        href: !href
          ? t('editor.dialog.linkMissing')
          : (tooLong(context, href, richTextLimits.url) ?? (!linkHref.safeParse(href).success && t('editor.linkInvalid'))),
      }),
    onSubmit: ({ href = '', text = '' }) => {
      const safe = linkHref.parse(href);
      const linked = needsText
        ? chain().insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href: safe } }] })
        : chain().extendMarkRange('link').setLink({ href: safe });
      // What is typed next, after the link, is not part of it.
      linked.command(collapseAfterSelection).unsetMark('link').run();
    },
    extra: current
      ? {
          label: t('editor.dialog.removeLink'),
          run: () => {
            chain().extendMarkRange('link').unsetLink().run();
            context.close();
          },
        }
      : undefined,
  };
}

export function videoDialog(context: Context): DialogRequest {
  const { t } = context;
  const chain = onOpenedSelection(context.editor);
  return {
    testId: 'editor-video-dialog',
    title: t('editor.dialog.videoTitle'),
    submitLabel: t('editor.dialog.insert'),
    initial: { src: '' },
    fields: [{ name: 'src', label: t('editor.dialog.videoAddress'), hint: t('editor.dialog.videoHint'), required: true, dir: 'ltr', url: true }],
    validate: ({ src = '' }) => withoutEmpty({ src: !isRecognisedVideoLink(src) && t('editor.videoInvalid') }),
    onSubmit: ({ src = '' }) => void chain().insertContent({ type: 'video', attrs: { src } }).run(),
  };
}

/** The picture selected in the text (a click on it selects it), with where it is. */
export function selectedPicture(editor: Editor): { pos: number; src: string; alt: string; caption: string | null } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
  const attrs = selection.node.attrs as { src: string; alt: string; caption: string | null };
  return { pos: selection.from, ...attrs };
}

/**
 * A picture's description and caption: asked for a picture just uploaded (only "Insert" puts it in
 * the text, so a cancelled dialog leaves nothing behind), or changed for one already in the text.
 */
export function pictureDialog(context: Context, picture: { src: string; alt?: string; caption?: string | null; pos?: number }): DialogRequest {
  const { t } = context;
  const chain = onOpenedSelection(context.editor);
  const editing = picture.pos !== undefined;
  return {
    testId: 'editor-picture-dialog',
    title: t('editor.dialog.pictureTitle'),
    submitLabel: t(editing ? 'editor.dialog.apply' : 'editor.dialog.insert'),
    initial: { alt: picture.alt ?? '', caption: picture.caption ?? '' },
    preview: (
      <img src={privateMediaUrl(picture.src) ?? ''} alt="" className="mx-auto max-h-40 w-auto rounded-lg bg-stone-100 object-contain ring-1 ring-stone-200" />
    ),
    fields: [
      { name: 'alt', label: t('editor.dialog.alt'), hint: t('editor.dialog.altHint'), required: true, dir: context.dir, limit: richTextLimits.alt },
      { name: 'caption', label: t('editor.dialog.caption'), hint: t('editor.dialog.captionHint'), dir: context.dir, limit: richTextLimits.caption },
    ],
    validate: ({ alt = '', caption = '' }) =>
      withoutEmpty({
        alt: alt ? tooLong(context, alt, richTextLimits.alt) : t('editor.dialog.altMissing'),
        caption: tooLong(context, caption, richTextLimits.caption),
      }),
    onSubmit: ({ alt = '', caption = '' }: DialogValues) => {
      const attrs = { src: picture.src, alt, caption: caption || null };
      if (!editing) return void chain().insertContent({ type: 'image', attrs }).run();
      const at = picture.pos!;
      chain()
        .command(({ tr }) => {
          if (tr.doc.nodeAt(at)?.type.name !== 'image') return false;
          tr.setNodeMarkup(at, undefined, attrs);
          return true;
        })
        .command(collapseAfterSelection)
        .run();
    },
  };
}
