import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** danger for deletions: a red button. */
  tone?: 'danger' | 'default';
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** `if (await confirm({ title })) ...`: an in-page dialog in the editor's language instead of window.confirm. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider>');
  return confirm;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState<(ConfirmOptions & { resolve(answer: boolean): void }) | null>(null);

  const confirm = useCallback<Confirm>((options) => new Promise<boolean>((resolve) => setPending({ ...options, resolve })), []);

  const settle = (answer: boolean) => {
    pending?.resolve(answer);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={pending !== null}
        onClose={() => settle(false)}
        size="sm"
        testId="confirm-dialog"
        title={pending?.title}
        footer={
          <>
            {/* Cancel takes the focus: pressing Enter by habit must not delete anything. */}
            <Button onClick={() => settle(false)} data-autofocus>
              {t('actions.cancel')}
            </Button>
            <Button variant={pending?.tone === 'default' ? 'primary' : 'danger'} onClick={() => settle(true)}>
              {pending?.confirmLabel ?? t('actions.delete')}
            </Button>
          </>
        }
      >
        {pending?.message ? (
          <div className="text-sm leading-relaxed text-stone-700">{pending.message}</div>
        ) : (
          <p className="text-sm text-stone-700">{t('confirm.cannotUndo')}</p>
        )}
      </Modal>
    </ConfirmContext.Provider>
  );
}
