import { useId, type ReactNode } from 'react';
import { withScheme } from '../../../shared/link-scheme.ts';
import { FieldLabel } from '../ui/field-label.tsx';
import { counterId, counterShows, LengthCounter } from '../ui/length-counter.tsx';

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string[];
  required?: boolean;
  hint?: string;
  /** Persian fields are typed right to left and English ones left to right, whatever the interface language. */
  dir?: 'ltr' | 'rtl';
  name?: string;
  /** The schema's maximum length: a counter shows near it, and the text is never cut. */
  limit?: number;
  /** What an empty field stands for (a slug made from the title). */
  placeholder?: string;
}

const inputBase =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-plum-500 focus:ring-2 focus:ring-plum-200 focus:outline-none';
const inputClass = (invalid: boolean) => `${inputBase} ${invalid ? 'border-red-600' : 'border-stone-300'}`;

/** An admin field's label, with the mark of a required field. */
export function AdminFieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return <FieldLabel id={id} label={label} required={required} className="mb-1 block text-sm font-semibold text-stone-800" markClassName="text-red-700" />;
}

function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  value,
  limit,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string[];
  value?: string;
  limit?: number;
  children: ReactNode;
}) {
  return (
    <div>
      <AdminFieldLabel id={id} label={label} required={required} />
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {value !== undefined ? <LengthCounter fieldId={id} value={value} limit={limit} /> : null}
      {error?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string[], counted?: { value: string; limit?: number }) {
  const counter = counted && counterShows(counted.value, counted.limit) ? counterId(id) : '';
  const ids = [hint ? `${id}-hint` : '', counter, error?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export function TextField({ type = 'text', autoComplete, ...props }: FieldProps & { type?: 'text' | 'email' | 'password' | 'url'; autoComplete?: string }) {
  const id = useId();
  const invalid = Boolean(props.error?.length);
  return (
    <FieldShell id={id} {...props}>
      <input
        id={id}
        name={props.name}
        type={type}
        value={props.value}
        dir={props.dir}
        placeholder={props.placeholder}
        autoComplete={autoComplete}
        required={props.required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, props.hint, props.error, props)}
        onChange={(event) => props.onChange(event.target.value)}
        // An address typed without its scheme is completed as the editor leaves the field, where she sees it.
        onBlur={type === 'url' ? () => withScheme(props.value) !== props.value && props.onChange(withScheme(props.value)) : undefined}
        className={inputClass(invalid)}
      />
    </FieldShell>
  );
}

export function TextArea({ rows = 6, ...props }: FieldProps & { rows?: number }) {
  const id = useId();
  const invalid = Boolean(props.error?.length);
  return (
    <FieldShell id={id} {...props}>
      <textarea
        id={id}
        name={props.name}
        rows={rows}
        value={props.value}
        dir={props.dir}
        placeholder={props.placeholder}
        required={props.required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, props.hint, props.error, props)}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputClass(invalid)} resize-y leading-relaxed`}
      />
    </FieldShell>
  );
}

export function SelectField({ options, ...props }: FieldProps & { options: { value: string; label: string }[] }) {
  const id = useId();
  const invalid = Boolean(props.error?.length);
  return (
    <FieldShell id={id} {...props}>
      <select
        id={id}
        name={props.name}
        value={props.value}
        required={props.required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
        onChange={(event) => props.onChange(event.target.value)}
        className={inputClass(invalid)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A titled group of fields inside a form card. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-stone-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="float-start mb-1 w-full text-base font-semibold text-stone-900">{title}</legend>
      {description ? <p className="clear-both mb-4 text-sm text-stone-500">{description}</p> : <div className="clear-both mb-4" />}
      <div className="grid gap-5">{children}</div>
    </fieldset>
  );
}
