import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
  action?: ToastAction;
}

/** A button in the toast, such as Try again after a request that never reached the server. */
export interface ToastAction {
  label: string;
  run(): void;
}

interface ToastApi {
  show(kind: ToastKind, title: string, description?: string, action?: ToastAction): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider>');
  return api;
}

const styles: Record<ToastKind, string> = {
  success: 'border-emerald-600 bg-white text-stone-900',
  error: 'border-red-700 bg-white text-stone-900',
  info: 'border-plum-700 bg-white text-stone-900',
};

/** Toasts at the top right (top left in right-to-left pages: the reading start mirrors). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(kind, title, description, action) {
        const id = next.current++;
        setToasts((list) => [...list.slice(-3), { id, kind, title, description, action }]);
        setTimeout(() => dismiss(id), action ? 20_000 : kind === 'error' ? 8000 : 4500);
      },
    }),
    [dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className="pointer-events-none fixed top-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
        aria-live="polite"
        role="region"
        aria-label={t('notifications')}
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto rounded-lg border-s-4 px-4 py-3 shadow-lg ring-1 ring-stone-200 ${styles[toast.kind]}`}
            data-toast={toast.kind}
          >
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{toast.title}</p>
                {toast.description ? <p className="mt-0.5 text-sm text-stone-700">{toast.description}</p> : null}
                {toast.action ? (
                  <button
                    type="button"
                    onClick={() => {
                      dismiss(toast.id);
                      toast.action?.run();
                    }}
                    className="mt-2 rounded-md px-3 py-1 text-sm font-semibold text-plum-800 ring-1 ring-plum-700 hover:bg-plum-50"
                    data-testid="toast-try-again"
                  >
                    {toast.action.label}
                  </button>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="rounded p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
                aria-label={t('close')}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
