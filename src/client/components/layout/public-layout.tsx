import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';
import { InAppHistoryProvider } from '../../lib/in-app-history.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * After an in-site navigation the new page starts at the top, and focus moves to <main> so a
 * screen reader announces the new content instead of staying on the link that was clicked.
 */
function useNewPageFocus(main: React.RefObject<HTMLElement | null>) {
  const [path] = useLocation();
  const search = useSearch();
  // The previous address, not a "first render" flag: StrictMode runs effects twice on mount.
  const previous = useRef(`${path}?${search}`);
  useEffect(() => {
    const current = `${path}?${search}`;
    if (previous.current === current) return;
    previous.current = current;
    window.scrollTo({ top: 0 });
    main.current?.focus({ preventScroll: true });
  }, [path, search, main]);
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useNewPageFocus(main);
  return (
    <InAppHistoryProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="fixed top-2 start-2 z-[60] -translate-y-20 rounded-md bg-plum-800 px-4 py-2 font-semibold text-white shadow-lg focus:translate-y-0 motion-safe:transition-transform"
          data-testid="skip-link"
        >
          {t('skipToContent')}
        </a>
        <SiteHeader />
        <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
      </div>
    </InAppHistoryProvider>
  );
}
