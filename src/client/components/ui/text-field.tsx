import { useId, useRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { FieldLabel } from './field-label.tsx';
import { counterId, counterShows, LengthCounter } from './length-counter.tsx';

interface BaseProps {
  label: string;
  hint?: string;
  /** Messages for this field, from the shared schema or the server. */
  error?: string[];
  required?: boolean;
  /** The schema's maximum length: a counter shows near it, and the text is never cut. */
  limit?: number;
}

type InputProps = BaseProps & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'>;
type AreaProps = BaseProps & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'>;

const fieldClass =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-plum-700 focus:ring-2 focus:ring-plum-200 focus:outline-none aria-[invalid=true]:border-red-700';

/** A labelled input or textarea with its hint and errors tied to it for screen readers. */
export function TextField(props: InputProps | AreaProps) {
  const { label, hint, error, required, multiline, className, limit, ...rest } = props;
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useTypedBeforeHydration(field, rest.value, rest.onChange as ((event: { target: HTMLInputElement | HTMLTextAreaElement }) => void) | undefined);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.length ? `${id}-error` : undefined;
  const value = typeof rest.value === 'string' ? rest.value : '';
  const describedBy = [hintId, counterShows(value, limit) ? counterId(id) : undefined, errorId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    ref: field,
    required,
    'aria-invalid': error?.length ? true : undefined,
    'aria-describedby': describedBy,
    className: `${fieldClass} ${className ?? ''}`,
  } as const;
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} className="mb-1.5 block text-sm font-semibold text-stone-800" markClassName="text-red-800" />
      {multiline ? (
        <textarea rows={6} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
      ) : (
        <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <LengthCounter fieldId={id} value={value} limit={limit} />
      {error?.length ? (
        <ul id={errorId} className="mt-1 list-disc ps-5 text-sm text-red-800">
          {error.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The submit button: disabled while an upload or the request runs, saying so. */
export function SubmitButton({ busy, label, busyLabel, className = '' }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-plum-800 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-plum-900 disabled:cursor-not-allowed disabled:bg-stone-500 ${className}`}
      data-testid="submit"
    >
      {busy ? (
        <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" aria-hidden="true" />
      ) : null}
      {busy ? busyLabel : label}
    </button>
  );
}
