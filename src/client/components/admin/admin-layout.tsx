import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { AdminSidebar } from './admin-sidebar.tsx';
import { Icon } from './icons.tsx';

/**
 * Sidebar and content. From 1024 px the sidebar is a fixed column; below, a top bar opens it as
 * a drawer: a native modal <dialog> (focus kept inside, Escape and the backdrop close it).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const [location] = useLocation();

  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Whatever moved the page (a link, back, a redirect), the drawer should not stay over it.
  useEffect(() => setOpen(false), [location]);

  return (
    <div className="min-h-dvh bg-stone-100/70 lg:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('common:skipToContent')}
      </a>
      <aside className="sticky top-0 z-30 hidden h-dvh w-64 shrink-0 border-e border-stone-200 lg:block">
        <AdminSidebar />
      </aside>

      <div className="sticky top-0 z-20 flex items-center gap-3 border-b border-stone-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="rounded-md p-2 text-stone-700 hover:bg-stone-100"
          aria-label={t('nav.openMenu')}
          aria-expanded={open}
        >
          <Icon name="menu" />
        </button>
        <span className="grid size-7 place-items-center rounded-md bg-plum-700 text-xs font-bold text-white" aria-hidden="true">
          {t('panelMonogram')}
        </span>
        <p className="font-bold text-stone-900">{t('panelTitle')}</p>
      </div>

      <dialog
        ref={drawer}
        aria-label={t('nav.label')}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="m-0 h-dvh max-h-dvh w-72 max-w-[85vw] p-0 shadow-2xl backdrop:bg-stone-900/50 lg:hidden"
        data-testid="admin-drawer"
      >
        {open ? (
          <div className="relative h-full">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="absolute end-3 top-4 z-10 rounded-md p-1.5 text-stone-500 hover:bg-stone-100"
              aria-label={t('nav.closeMenu')}
            >
              <Icon name="close" />
            </button>
            <AdminSidebar onNavigate={() => setOpen(false)} />
          </div>
        ) : null}
      </dialog>

      <main id="admin-main" className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">{children}</div>
      </main>
    </div>
  );
}
