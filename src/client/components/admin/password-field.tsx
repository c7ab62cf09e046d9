import { useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { AdminFieldLabel } from './form-controls.tsx';
import { Icon } from './icons.tsx';
import { counterId, counterShows, LengthCounter } from '../ui/length-counter.tsx';
import { limits } from '../../../shared/limits.ts';

/** A new password, with a Show button: typing a long one blind on a phone invites mistakes. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  required,
  hint,
  current = false,
}: {
  label: string;
  /** The password the user has now (browsers fill it in), rather than a new one. */
  current?: boolean;
  value: string;
  onChange(value: string): void;
  error?: string[];
  required?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const invalid = Boolean(error?.length);
  // Like every field with a maximum length, the password is never cut: a counter appears near the limit.
  const counter = counterShows(value, limits.password) ? counterId(id) : '';
  const described = [hint ? `${id}-hint` : '', counter, invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <AdminFieldLabel id={id} label={label} required={required} />
      <div className="relative">
        <input
          id={id}
          name={current ? 'current_password' : 'password'}
          type={visible ? 'text' : 'password'}
          autoComplete={current ? 'current-password' : 'new-password'}
          dir="ltr"
          value={value}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
          className={`block w-full rounded-lg border bg-white py-2 ps-3 pe-20 text-sm text-stone-900 shadow-xs focus:border-plum-500 focus:ring-2 focus:ring-plum-200 focus:outline-none ${invalid ? 'border-red-600' : 'border-stone-300'}`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          className="absolute inset-y-1 end-1 inline-flex items-center gap-1 rounded-md px-2 text-xs font-semibold text-stone-600 hover:bg-stone-100"
        >
          <Icon name="eye" className="size-4" />
          {visible ? t('actions.hide') : t('actions.show')}
        </button>
      </div>
      <LengthCounter fieldId={id} value={value} limit={limits.password} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error?.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
