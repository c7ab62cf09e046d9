import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { FormErrors } from '../ui/form-errors.tsx';
import { Button } from './button.tsx';

interface AdminFormProps {
  onSubmit(): void;
  errors: Record<string, string[]>;
  /** Visible labels of the fields, to title each bullet list. */
  labels: Record<string, string>;
  submitLabel: string;
  /** A request or an upload is running: the submit button waits. */
  busy?: boolean;
  /** Something to show above the fields (a restored-draft notice, a success banner). */
  notice?: ReactNode;
  /** Extra buttons beside submit. */
  secondary?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * A form card: the error summary above the fields (a bullet list per field), browser validation off so the
 * shared schemas speak in the editor's language, and the summary focused when it appears so
 * keyboard and screen-reader users land on it.
 */
export function AdminForm({ onSubmit, errors, labels, submitLabel, busy = false, notice, secondary, children, testId }: AdminFormProps) {
  const { t } = useTranslation('admin');
  const summary = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  const hasErrors = Object.values(errors).some((list) => list.length);

  // Only errors answering a submit take the focus; errors cleared while typing must not steal it.
  useEffect(() => {
    if (hasErrors && focusSummary.current) {
      focusSummary.current = false;
      summary.current?.focus();
    }
  }, [errors, hasErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    focusSummary.current = true;
    onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} className="rounded-xl bg-white shadow-sm ring-1 ring-stone-200" data-testid={testId} aria-busy={busy || undefined}>
      <div className="grid gap-6 p-5 sm:p-6">
        {notice}
        {hasErrors ? (
          <div ref={summary} tabIndex={-1} className="outline-none">
            <FormErrors errors={errors} labels={labels} />
          </div>
        ) : null}
        {children}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-stone-200 bg-stone-50 px-5 py-4 sm:px-6">
        <p className="me-auto text-xs text-stone-500">{t('form.requiredNote')}</p>
        {secondary}
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** "Your unsaved text was restored", with a way to start over. */
export function DraftNotice({ onDiscard, onDismiss, extra }: { onDiscard(): void; onDismiss(): void; extra?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="min-w-0 flex-1">
        {t('form.draftRestored')}
        {extra ? ` ${extra}` : ''}
      </p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        {t('form.keepDraft')}
      </Button>
      <Button size="sm" variant="danger-ghost" onClick={onDiscard}>
        {t('form.discardDraft')}
      </Button>
    </div>
  );
}
