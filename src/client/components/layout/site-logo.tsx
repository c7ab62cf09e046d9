import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from '../public/link.tsx';

/** The mark of the favicon, drawn inline so it costs no request. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="shrink-0">
      <rect width="64" height="64" rx="14" fill="#5b2245" />
      <path d="M32 14a12 12 0 1 1 0 24 12 12 0 0 1 0-24zm0 24v14m-7-7h14" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The logo links to /home, the home page's own address. */
export function SiteLogo({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link href="/home" onClick={onNavigate} className="flex min-w-0 items-center gap-3 rounded-sm" data-testid="logo">
      <LogoMark size={compact ? 34 : 48} />
      <span className="min-w-0">
        <span className={`block truncate font-serif leading-tight font-bold text-stone-900 ${compact ? 'text-lg' : 'text-2xl lg:text-[2rem]'}`}>
          {t('siteName')}
        </span>
        {compact ? null : <span className="block text-sm font-semibold tracking-wide text-plum-700">{t('siteTagline')}</span>}
      </span>
    </Link>
  );
}
