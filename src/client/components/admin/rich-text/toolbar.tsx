import type { Editor } from '@tiptap/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from '../icons.tsx';

export interface ToolbarAction {
  key: string;
  label: string;
  /**
   * What the button shows: a drawn icon, never a letter or a sign, so the label alone is its
   * accessible name (visible text missing from the name fails axe's label-content-name-mismatch)
   * and nothing depends on the editor's fonts (without an emoji font, ❝ or ↶ is an empty box).
   */
  icon: IconName;
  run(): void;
  active?: boolean;
  disabled?: boolean;
}

/**
 * The standard actions of the body editor, in toolbar order. Without `image` the picture buttons
 * (upload, library, describe) are left out: a newsletter's body takes no pictures of its own.
 */
export function standardActions(
  editor: Editor,
  t: (key: string) => string,
  extra: { link(): void; image?: () => void; video(): void; describe?: () => void; library?: () => void },
): ToolbarAction[] {
  const chain = () => editor.chain().focus();
  return [
    { key: 'paragraph', icon: 'paragraph', label: t('editor.paragraph'), run: () => chain().setParagraph().run(), active: editor.isActive('paragraph') },
    {
      key: 'heading2',
      icon: 'heading2',
      label: t('editor.heading2'),
      run: () => chain().toggleHeading({ level: 2 }).run(),
      active: editor.isActive('heading', { level: 2 }),
    },
    {
      key: 'heading3',
      icon: 'heading3',
      label: t('editor.heading3'),
      run: () => chain().toggleHeading({ level: 3 }).run(),
      active: editor.isActive('heading', { level: 3 }),
    },
    { key: 'bold', icon: 'bold', label: t('editor.bold'), run: () => chain().toggleBold().run(), active: editor.isActive('bold') },
    { key: 'italic', icon: 'italic', label: t('editor.italic'), run: () => chain().toggleItalic().run(), active: editor.isActive('italic') },
    { key: 'link', icon: 'link', label: t('editor.link'), run: extra.link, active: editor.isActive('link') },
    {
      key: 'bulletList',
      icon: 'bulletList',
      label: t('editor.bulletList'),
      run: () => chain().toggleBulletList().run(),
      active: editor.isActive('bulletList'),
    },
    {
      key: 'orderedList',
      icon: 'orderedList',
      label: t('editor.orderedList'),
      run: () => chain().toggleOrderedList().run(),
      active: editor.isActive('orderedList'),
    },
    { key: 'quote', icon: 'quote', label: t('editor.quote'), run: () => chain().toggleBlockquote().run(), active: editor.isActive('blockquote') },
    ...(extra.image ? pictureActions(t, { ...extra, image: extra.image }) : []),
    { key: 'video', icon: 'video', label: t('editor.video'), run: extra.video },
    { key: 'separator', icon: 'separator', label: t('editor.separator'), run: () => chain().setHorizontalRule().run() },
    { key: 'undo', icon: 'undo', label: t('editor.undo'), run: () => chain().undo().run(), disabled: !editor.can().undo() },
    { key: 'redo', icon: 'redo', label: t('editor.redo'), run: () => chain().redo().run(), disabled: !editor.can().redo() },
  ];
}

function pictureActions(t: (key: string) => string, extra: { image(): void; describe?: () => void; library?: () => void }): ToolbarAction[] {
  return [
    { key: 'image', icon: 'image', label: t('editor.image'), run: extra.image },
    // A picture used before (docs/decisions/035), described again for this text.
    ...(extra.library ? [{ key: 'library', icon: 'library' as const, label: t('editor.library'), run: extra.library }] : []),
    // Enabled while a picture of the text is selected (a click on it selects it).
    { key: 'describe', icon: 'describe', label: t('editor.describePicture'), run: () => extra.describe?.(), disabled: !extra.describe },
  ];
}

/**
 * A toolbar in the ARIA pattern: one tab stop, arrow keys (following the page's direction) move
 * between buttons, Home and End jump to the ends. Toggles report their state with aria-pressed.
 * An unavailable action is aria-disabled, not disabled: a disabled button cannot take focus, and
 * the toolbar's one tab stop landing on it would make the whole toolbar unreachable by Tab.
 */
export function Toolbar({ actions, label, dir }: { actions: ToolbarAction[]; label: string; dir: 'ltr' | 'rtl' }) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + actions.length) % actions.length;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) move(current + 1);
    else if (event.key === back) move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(actions.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="toolbar"
      aria-label={label}
      dir={dir}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-stone-300 bg-stone-50 p-1"
    >
      {actions.map((action, index) => (
        <button
          key={action.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === current ? 0 : -1}
          aria-label={action.label}
          title={action.label}
          aria-pressed={action.active === undefined ? undefined : action.active}
          aria-disabled={action.disabled || undefined}
          onFocus={() => setCurrent(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!action.disabled) action.run();
          }}
          data-testid={`editor-${action.key}`}
          className="min-w-9 rounded-md px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-plum-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-pressed:bg-plum-100 aria-pressed:text-plum-900"
        >
          <Icon name={action.icon} className="mx-auto size-4" />
        </button>
      ))}
    </div>
  );
}
