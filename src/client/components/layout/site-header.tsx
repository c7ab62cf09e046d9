import { useEffectEvent, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { Link } from '../public/link.tsx';
import { MenuIcon } from '../public/icons.tsx';
import { SocialIconLinks, useSocialLinks } from '../public/social-links.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { MobileDrawer, PhoneMenuLinks } from './mobile-drawer.tsx';
import { SearchBox } from './search-box.tsx';
import { countryItems, isActive, navItems } from './nav-items.ts';
import { SiteLogo } from './site-logo.tsx';

const menuButtonClass = '-ms-1 flex size-11 shrink-0 items-center justify-center rounded-full text-stone-800 hover:bg-plum-50 nav:hidden';

/**
 * The phone menu before (or without) scripts: a disclosure the browser opens by itself, listing the
 * same links, languages and social links as the drawer that replaces it once scripts run.
 */
function PlainMenu({ ref }: { ref: Ref<HTMLDetailsElement> }) {
  const { t } = useTranslation('public');
  return (
    <details ref={ref} className="nav:hidden" data-testid="plain-menu">
      {/* The word is shown, not only the icon: Tor Browser's Safest level does not draw SVG. */}
      <summary
        className="-ms-1 flex h-11 shrink-0 cursor-pointer list-none items-center gap-1.5 rounded-full px-2 font-semibold text-stone-800 hover:bg-plum-50 [&::-webkit-details-marker]:hidden"
        data-testid="plain-menu-button"
      >
        <MenuIcon size={24} />
        <span>{t('nav.menu')}</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-50 border-b border-stone-200 bg-white shadow-lg" data-testid="plain-menu-panel">
        <div className="border-b border-stone-200 px-4 py-3">
          <SearchBox variant="menu" />
        </div>
        <PhoneMenuLinks />
        <div className="space-y-4 border-t border-stone-200 px-6 py-5">
          <LanguageSwitcher />
          <SocialIconLinks className="-ms-2" testId="plain-menu-social-links" />
        </div>
      </div>
    </details>
  );
}

/**
 * Above 768 px a masthead with the navigation bar (its order follows the reading direction, so
 * Persian runs right to left with no special case); at 768 px and below a menu button opens a drawer.
 */
export function SiteHeader() {
  const { t } = useTranslation('public');
  const [path] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const plainMenu = useRef<HTMLDetailsElement>(null);
  const social = useSocialLinks().length > 0;
  // A tap on the menu before the scripts arrived opened the plain menu: it carries on as the drawer.
  const openEarly = useEffectEvent(() => setDrawerOpen(true));
  useLayoutEffect(() => {
    if (plainMenu.current?.open) openEarly();
  }, []);

  return (
    <header className="relative border-b border-stone-200 bg-white" data-testid="site-header">
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
            {social ? (
              <>
                <SocialIconLinks tone="dark" />
                <span className="h-5 w-px bg-white/25" aria-hidden="true" />
              </>
            ) : null}
            <LanguageSwitcher tone="dark" />
          </div>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 nav:px-6 nav:py-5">
        {hydrated ? (
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            aria-label={t('nav.openMenu')}
            className={menuButtonClass}
            data-testid="menu-button"
          >
            <MenuIcon size={24} />
          </button>
        ) : (
          <PlainMenu ref={plainMenu} />
        )}
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
