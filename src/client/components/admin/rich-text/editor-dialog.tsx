import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { withScheme } from '../../../../shared/link-scheme.ts';
import { Button } from '../button.tsx';
import { TextField } from '../form-controls.tsx';
import { Modal } from '../modal.tsx';

export interface DialogField {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Addresses are typed left to right; words in the direction of the body they belong to. */
  dir?: 'ltr' | 'rtl';
  url?: boolean;
  /** The schema's longest value: a counter shows near it. */
  limit?: number;
}

export type DialogValues = Record<string, string>;

export interface EditorDialogProps {
  title: string;
  fields: DialogField[];
  initial: DialogValues;
  submitLabel: string;
  /** The message of each field that is wrong, in the panel's language; none when all is well. */
  validate(values: DialogValues): Record<string, string>;
  onSubmit(values: DialogValues): void;
  onCancel(): void;
  /** Shown above the fields (the picture being described). */
  preview?: ReactNode;
  /** A further action beside Cancel (removing a link). */
  extra?: { label: string; run(): void };
  testId: string;
}

/**
 * The body editor's questions (a link's address, a video's link, a picture's description) as an
 * in-page modal dialog in the panel's language, instead of the browser's unlabelled prompt: labelled
 * fields, errors under the field they concern, Escape or Cancel to give up. It sits in
 * document.body so its form is never nested in the page's form.
 */
export function EditorDialog({ title, fields, initial, submitLabel, validate, onSubmit, onCancel, preview, extra, testId }: EditorDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const body = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  // Focus on the first field when the dialog opens, and on the first wrong one after a refused submit.
  useEffect(() => {
    const first = body.current?.querySelector<HTMLElement>(attempt ? '[aria-invalid="true"]' : 'input, textarea');
    first?.focus();
  }, [attempt]);

  const submit = (event: FormEvent) => {
    // React passes events up through portals: the page's form must not see this submit.
    event.preventDefault();
    event.stopPropagation();
    // An address typed without its scheme gets https:// (Enter sends before the field's blur completes it).
    const urls = new Set(fields.filter((field) => field.url).map((field) => field.name));
    const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, urls.has(name) ? withScheme(value.trim()) : value.trim()]));
    const found = validate(trimmed);
    setErrors(found);
    if (Object.keys(found).length) setAttempt((count) => count + 1);
    else onSubmit(trimmed);
  };

  return createPortal(
    <Modal
      open
      onClose={onCancel}
      title={title}
      size="sm"
      testId={testId}
      footer={
        <>
          {extra ? (
            <Button variant="danger-ghost" className="me-auto" onClick={extra.run}>
              {extra.label}
            </Button>
          ) : null}
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="submit" form={formId} variant="primary">
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <div ref={body} className="grid gap-4">
          {preview}
          {fields.map((field) => (
            <TextField
              key={field.name}
              type={field.url ? 'url' : 'text'}
              label={field.label}
              hint={field.hint}
              required={field.required}
              dir={field.dir}
              name={field.name}
              limit={field.limit}
              value={values[field.name] ?? ''}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field.name]: value }));
                // A corrected field no longer shows its error; the others keep theirs until the next try.
                setErrors(({ [field.name]: _settled, ...others }) => others);
              }}
              error={errors[field.name] ? [errors[field.name]!] : undefined}
            />
          ))}
        </div>
      </form>
    </Modal>,
    document.body,
  );
}
