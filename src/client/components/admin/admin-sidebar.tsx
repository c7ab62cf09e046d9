import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'wouter';
import { useLanguage } from '../../lib/use-language.ts';
import { useAdminUser } from './admin-session.tsx';
import { useConfirm } from './confirm.tsx';
import { Icon } from './icons.tsx';
import { isActive, navGroupsFor } from './nav-items.ts';
import { useSignOut } from './use-sign-out.ts';

/** The panel's navigation and the editor's own controls; the same in the desktop column and the phone drawer. */
export function AdminSidebar({ onNavigate }: { onNavigate?(): void }) {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const { role } = useAdminUser();
  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex items-center gap-3 border-b border-stone-200 px-5 py-4">
        <span className="grid size-9 place-items-center rounded-lg bg-plum-700 text-sm font-bold text-white" aria-hidden="true">
          {t('panelMonogram')}
        </span>
        <div className="min-w-0">
          <p className="text-base leading-tight font-bold text-stone-900">{t('panelTitle')}</p>
          <p className="truncate text-xs text-stone-500">{t('common:siteName')}</p>
        </div>
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
        {navGroupsFor(role).map((group) => (
          <div key={group.key} className="mb-5 last:mb-0">
            {group.key !== 'overview' ? (
              <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">{t(`nav.groups.${group.key}`)}</p>
            ) : null}
            <ul className="grid gap-0.5">
              {group.items.map((item) => {
                const active = isActive(item, location);
                return (
                  <li key={item.key} className="group relative flex items-center">
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={`flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${active ? 'bg-plum-50 text-plum-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'}`}
                    >
                      <Icon name={item.icon} className={`size-5 ${active ? 'text-plum-700' : 'text-stone-400'}`} />
                      <span className="truncate">{t(`nav.${item.key}`)}</span>
                    </Link>
                    {item.addHref ? (
                      <Link
                        href={item.addHref}
                        onClick={onNavigate}
                        className="absolute end-1.5 rounded-md p-1 text-stone-400 hover:bg-plum-100 hover:text-plum-800"
                        aria-label={t(`nav.add.${item.key}`)}
                        title={t(`nav.add.${item.key}`)}
                      >
                        <Icon name="plus" className="size-4" />
                      </Link>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <SidebarFooter />
    </div>
  );
}

function SidebarFooter() {
  const { t } = useTranslation('admin');
  const user = useAdminUser();
  const { language, setLanguage } = useLanguage();
  const confirm = useConfirm();
  const { logout, everywhere, busy } = useSignOut();

  const signOutEverywhere = async () => {
    const ok = await confirm({
      title: t('signOutEverywhere.title'),
      message: t('signOutEverywhere.message'),
      confirmLabel: t('nav.signOutEverywhere'),
      tone: 'default',
    });
    if (ok) everywhere.mutate();
  };

  return (
    <div className="border-t border-stone-200 p-4">
      <div className="mb-3 flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-semibold text-stone-700" aria-hidden="true">
          {Array.from(user.name.trim())[0]?.toUpperCase() ?? '?'}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-stone-900" data-testid="current-user">
            {user.name}
          </p>
          <p className="truncate text-xs text-stone-500">
            <span className="font-semibold text-stone-700" data-testid="current-role">
              {t(`roles.${user.role}`)}
            </span>{' '}
            · <bdi>{user.email}</bdi>
          </p>
        </div>
      </div>
      <Link
        href="/account"
        className="mb-3 flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm font-medium text-plum-800 hover:bg-plum-50"
        data-testid="account-link"
      >
        <Icon name="devices" className="size-5 text-plum-600" />
        {t('nav.account')}
      </Link>
      <div className="mb-3 flex items-center gap-2" role="group" aria-label={t('nav.language')}>
        <Icon name="globe" className="size-4 text-stone-400" />
        {(['en', 'fa'] as const).map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            onClick={() => setLanguage(code)}
            aria-pressed={language === code}
            aria-label={t('common:languages.switchTo', { shown: t(`common:languages.${code}`), language: t(`common:languageNames.${code}`) })}
            className={`rounded-md px-2.5 py-1 text-sm font-semibold ${language === code ? 'bg-plum-700 text-white' : 'text-stone-600 ring-1 ring-stone-300 hover:bg-stone-100'}`}
          >
            {t(`common:languages.${code}`)}
          </button>
        ))}
        <a href="/" target="_blank" rel="noopener" className="ms-auto inline-flex items-center gap-1 rounded text-xs font-medium text-plum-700 hover:underline">
          {t('nav.viewSite')}
          <Icon name="external" className="size-3.5" />
        </a>
      </div>
      <div className="grid gap-1">
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={busy}
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-60"
        >
          <Icon name="logout" className="size-5 text-stone-400" />
          {t('nav.signOut')}
        </button>
        <button
          type="button"
          onClick={() => void signOutEverywhere()}
          disabled={busy}
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-60"
        >
          <Icon name="devices" className="size-5 text-stone-400" />
          {t('nav.signOutEverywhere')}
        </button>
      </div>
    </div>
  );
}
