import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icons.tsx';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'danger-ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-plum-700 text-white shadow-sm hover:bg-plum-800 disabled:bg-plum-300',
  secondary: 'bg-white text-stone-800 shadow-sm ring-1 ring-stone-300 ring-inset hover:bg-stone-50 disabled:text-stone-400',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:text-stone-400',
  'danger-ghost': 'text-red-700 hover:bg-red-50 hover:text-red-800 disabled:text-red-300',
};

const sizes = { sm: 'gap-1.5 px-2.5 py-1.5 text-sm', md: 'gap-2 px-4 py-2 text-sm' };

/** The class of a button, for links that look like one. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  return `inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  icon?: IconName;
  /** Shows a small spinner and disables the button while a request runs. */
  busy?: boolean;
}

export function Button({ variant = 'secondary', size = 'md', icon, busy = false, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={`${buttonClass(variant, size)} ${className}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? (
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" aria-hidden="true" />
      ) : icon ? (
        <Icon name={icon} className="size-4" />
      ) : null}
      {children}
    </button>
  );
}
