import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Icon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Marks the dialog for tests and styling hooks. */
  testId?: string;
}

const widths = { sm: 'w-[min(28rem,calc(100vw-2rem))]', md: 'w-[min(40rem,calc(100vw-2rem))]', lg: 'w-[min(52rem,calc(100vw-2rem))]' };

/**
 * A native <dialog> opened with showModal(): the browser traps focus, closes it on Escape, puts it
 * in the top layer (stacked dialogs just work) and gives focus back to the opener when it closes.
 */
export function Modal({ open, onClose, title, children, footer, size = 'md', testId }: ModalProps) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() focuses the first focusable element (the close button); prefer the safe choice the content marks.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => {
        if (open) onClose();
      }}
      // A click that starts and ends on the backdrop closes; a text selection dragged outside does not.
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
      className={`${widths[size]} m-auto max-h-[calc(100dvh-2rem)] overflow-hidden rounded-xl bg-white p-0 text-stone-900 shadow-2xl ring-1 ring-stone-200 backdrop:bg-stone-900/50 backdrop:backdrop-blur-[1px]`}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <header className="flex items-start gap-3 border-b border-stone-200 px-5 py-4">
            <h2 id={titleId} className="min-w-0 flex-1 text-lg leading-snug font-semibold break-words text-stone-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-me-1 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
              aria-label={t('actions.close')}
            >
              <Icon name="close" />
            </button>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 bg-stone-50 px-5 py-3">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
