import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { MenuIcon } from '../public/icons.tsx';
import { SocialIconLinks } from '../public/social-links.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { SearchBox } from './search-box.tsx';
import { countryItems, isActive, navItems } from './nav-items.ts';
import { SiteLogo } from './site-logo.tsx';

/**
 * Above 768 px a masthead with the navigation bar (its order follows the reading direction, so
 * Persian runs right to left with no special case); at 768 px and below a menu button opens a drawer.
 */
export function SiteHeader() {
  const { t } = useTranslation('public');
  const [path] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="border-b border-stone-200 bg-white" data-testid="site-header">
      {/* Utility bar: desktop only; on phones the same controls live in the drawer. */}
      <div className="on-dark hidden bg-plum-900 text-white nav:block">
        <div className="mx-auto flex h-10 max-w-7xl items-center justify-between gap-4 px-6">
          <ul className="flex items-center gap-4 text-sm">
            {countryItems.map((item) => (
              <li key={item.key}>
                <Link href={item.href} className="rounded-sm font-medium text-plum-100 hover:text-white hover:underline">
                  {t(`countries.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-3">
            <SocialIconLinks tone="dark" />
            <span className="h-5 w-px bg-white/25" aria-hidden="true" />
            <LanguageSwitcher tone="dark" />
          </div>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 nav:px-6 nav:py-5">
        <button
          ref={menuButton}
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-expanded={drawerOpen}
          aria-controls="mobile-drawer"
          aria-label={t('nav.openMenu')}
          className="-ms-1 flex size-11 shrink-0 items-center justify-center rounded-full text-stone-800 hover:bg-plum-50 nav:hidden"
          data-testid="menu-button"
        >
          <MenuIcon size={24} />
        </button>
        <div className="nav:hidden">
          <SiteLogo compact />
        </div>
        <div className="hidden nav:block">
          <SiteLogo />
        </div>
        <div className="ms-auto hidden nav:block">
          <SearchBox variant="bar" />
        </div>
      </div>

      <nav aria-label={t('nav.label')} className="hidden border-t border-stone-200 nav:block" data-testid="desktop-nav">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center px-4 lg:px-6">
          {navItems.map((item) => {
            const active = isActive(item, path);
            return (
              <li key={item.key}>
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={`block border-b-[3px] px-2.5 py-3 text-[0.9375rem] font-semibold whitespace-nowrap lg:px-3.5 ${
                    active ? 'border-plum-700 text-plum-800' : 'border-transparent text-stone-800 hover:border-plum-300 hover:text-plum-800'
                  }`}
                >
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {drawerOpen ? (
        <MobileDrawer
          onClose={() => {
            setDrawerOpen(false);
            // Focus returns to the button that opened the drawer (WAI-ARIA dialog pattern).
            requestAnimationFrame(() => menuButton.current?.focus());
          }}
        />
      ) : null}
    </header>
  );
}
