import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { Link } from '../public/link.tsx';
import { CloseIcon } from '../public/icons.tsx';
import { SocialIconLinks } from '../public/social-links.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SearchBox } from './search-box.tsx';
import { countryItems, isActive, navItems } from './nav-items.ts';
import { SiteLogo } from './site-logo.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

const link = (active: boolean) =>
  `block rounded-sm border-s-4 px-4 py-3 text-base font-semibold ${active ? 'border-plum-700 bg-plum-50 text-plum-900' : 'border-transparent text-stone-800 hover:bg-stone-100'}`;

/** The phone menu's links: in the drawer, and in the plain menu that works before (or without) scripts. */
export function PhoneMenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('public');
  const [path] = useLocation();
  return (
    <nav aria-label={t('nav.label')} className="px-2 py-3">
      <ul>
        {navItems.map((item) => (
          <li key={item.key}>
            <Link href={item.href} onClick={onNavigate} aria-current={isActive(item, path) ? 'page' : undefined} className={link(isActive(item, path))}>
              {t(`nav.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-4 px-4 text-xs font-bold tracking-wide text-stone-600 uppercase">{t('nav.countries')}</p>
      <ul className="mt-1">
        {countryItems.map((item) => (
          <li key={item.key}>
            <Link href={item.href} onClick={onNavigate} className={link(path.toLowerCase() === item.href)}>
              {t(`countries.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The phone menu: a modal panel sliding in from the reading start. It closes on the close button,
 * a backdrop click, Escape and any link; Tab cycles inside it while it is open.
 */
export function MobileDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('public');
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    closeButton.current?.focus();
    // The page behind must not scroll under the finger while the menu is open.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 nav:hidden" data-testid="drawer-root">
      <div className="absolute inset-0 bg-stone-950/55" onClick={onClose} aria-hidden="true" data-testid="drawer-backdrop" />
      <div
        ref={panel}
        id="mobile-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        className="absolute inset-y-0 start-0 flex w-[min(20rem,86vw)] animate-drawer-in flex-col overflow-y-auto bg-white shadow-2xl motion-reduce:animate-none"
        data-testid="drawer"
      >
        <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
          <SiteLogo compact onNavigate={onClose} />
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="flex size-11 shrink-0 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100"
            data-testid="drawer-close"
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <div className="border-b border-stone-200 px-4 py-3">
          <SearchBox variant="menu" onSearch={onClose} />
        </div>
        <PhoneMenuLinks onNavigate={onClose} />
        <div className="mt-auto space-y-4 border-t border-stone-200 px-6 py-5">
          <LanguageSwitcher />
          <SocialIconLinks className="-ms-2" />
        </div>
      </div>
    </div>
  );
}
