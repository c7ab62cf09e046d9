import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Icon } from './icons.tsx';

export interface NoticeLink {
  href: string;
  label: string;
  /** A public page: opens in a new tab so the form stays here. */
  external?: boolean;
}

/** After an add form is sent: what happened, and where to see or correct it. */
export function CreatedNotice({ text, links, onDismiss }: { text: string; links: NoticeLink[]; onDismiss(): void }) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="status"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
      data-testid="created-notice"
    >
      <Icon name="check" className="mt-0.5 size-5 text-emerald-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{text}</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {links.map((link) => (
            <li key={link.href}>
              {link.external ? (
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 font-medium text-emerald-800 underline hover:text-emerald-950"
                >
                  {link.label}
                  <Icon name="external" className="size-3.5" />
                </a>
              ) : (
                <Link href={link.href} className="font-medium text-emerald-800 underline hover:text-emerald-950">
                  {link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={onDismiss} className="rounded p-1 text-emerald-800 hover:bg-emerald-100" aria-label={t('actions.dismiss')}>
        <Icon name="close" className="size-4" />
      </button>
    </div>
  );
}
