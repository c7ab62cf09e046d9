import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { ScheduledNext } from '../../components/admin/editorial/scheduled-next.tsx';
import { Link } from 'wouter';
import { useAdminUser } from '../../components/admin/admin-session.tsx';
import { buttonClass } from '../../components/admin/button.tsx';
import { Icon, type IconName } from '../../components/admin/icons.tsx';
import { LoadError } from '../../components/admin/list-states.tsx';
import { PageHeader } from '../../components/admin/page-header.tsx';
import { ADMIN_PAGE_SIZE } from '../../components/admin/use-list-params.ts';
import { formatNumber } from '../../lib/format.ts';
import { allContentKinds } from '../../../shared/content-kinds.ts';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { canPublish, managesSite, seesVisitorsData } from '../../../shared/roles.ts';
import type { Role } from '../../../shared/schemas/users.ts';
import { InReview } from '../../components/admin/editorial/in-review.tsx';

type Counts = RouterOutputs['dashboard']['counts'];

interface CountCard {
  key: keyof Counts;
  href: string;
  icon: IconName;
  /** A second number worth an editor's attention (messages and stories waiting). */
  waiting?: keyof Counts;
  /** Who sees the card (everyone when absent); the server counts only what the role may see. */
  shownTo?: (role: Role) => boolean;
}

const cards: CountCard[] = [
  ...allContentKinds.map((info): CountCard => ({ key: info.section, href: info.adminListPath, icon: info.id })),
  { key: 'gallery', href: '/gallery/all', icon: 'gallery' },
  { key: 'legal', href: '/legal/all', icon: 'legal' },
  { key: 'stories', href: '/stories/all', icon: 'story', waiting: 'storiesPending', shownTo: seesVisitorsData },
  { key: 'contacts', href: '/contacts', icon: 'contact', waiting: 'contactsPending', shownTo: seesVisitorsData },
  { key: 'users', href: '/users/all', icon: 'users', shownTo: managesSite },
  { key: 'subscribers', href: '/newsletter', icon: 'newsletter', shownTo: seesVisitorsData },
];

const quickActions: { key: string; href: string; shownTo?: (role: Role) => boolean }[] = [
  ...allContentKinds.map((info) => ({ key: info.section, href: info.adminAddPath })),
  { key: 'gallery', href: '/gallery/add', shownTo: canPublish },
  { key: 'legal', href: '/legal/add' },
];
const shown = <T extends { shownTo?: (role: Role) => boolean }>(entries: T[], role: Role) => entries.filter((entry) => entry.shownTo?.(role) ?? true);

/**
 * The dashboard always fetches, and overwrites the cached lists: the counts and the first
 * page of every list are asked for again on each visit (one batched request).
 */
function useFreshLists(role: Role) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    const page = { page: 1, pageSize: ADMIN_PAGE_SIZE };
    const fresh = { staleTime: 0 };
    void queryClient.prefetchQuery({ ...trpc.news.adminList.queryOptions(page), ...fresh });
    void queryClient.prefetchQuery({ ...trpc.articles.adminList.queryOptions(page), ...fresh });
    void queryClient.prefetchQuery({ ...trpc.reports.adminList.queryOptions(page), ...fresh });
    void queryClient.prefetchQuery({ ...trpc.gallery.list.queryOptions(page), ...fresh });
    void queryClient.prefetchQuery({ ...trpc.legal.adminList.queryOptions(page), ...fresh });
    if (managesSite(role)) void queryClient.prefetchQuery({ ...trpc.users.list.queryOptions(page), ...fresh });
    if (!seesVisitorsData(role)) return;
    void queryClient.prefetchQuery({ ...trpc.newsletter.list.queryOptions(page), ...fresh });
    void queryClient.prefetchQuery({ ...trpc.contacts.list.queryOptions({ ...page, status: 'pending' }), ...fresh });
    void queryClient.prefetchQuery({ ...trpc.stories.list.queryOptions({ ...page, status: 'all' }), ...fresh });
  }, [trpc, queryClient, role]);
}

/** /admin/home. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const user = useAdminUser();
  const counts = useQuery({ ...trpc.dashboard.counts.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  useFreshLists(user.role);

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.welcome', { name: user.name })} />
      {counts.isError ? <LoadError error={counts.error} onRetry={() => void counts.refetch()} /> : null}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3" aria-busy={counts.isPending || undefined}>
        {shown(cards, user.role).map((card) => {
          const value = counts.data?.[card.key];
          const waiting = card.waiting ? counts.data?.[card.waiting] : undefined;
          return (
            <li key={card.key}>
              <Link
                href={card.href}
                className="group flex h-full flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-plum-300 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
                data-testid={`count-${card.key}`}
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-plum-50 text-plum-700 group-hover:bg-plum-100 sm:size-12">
                  <Icon name={card.icon} className="size-6" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-stone-600">{t(`dashboard.cards.${card.key}`)}</span>
                  <span className="block text-3xl font-bold tracking-tight text-stone-900" data-testid="count-value">
                    {value === undefined ? (
                      <span className="inline-block h-8 w-12 animate-pulse rounded bg-stone-200 align-middle motion-reduce:animate-none" />
                    ) : (
                      formatNumber(value, language)
                    )}
                  </span>
                  {waiting ? (
                    <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      {t('dashboard.waiting', { count: waiting, formatted: formatNumber(waiting, language) })}
                    </span>
                  ) : null}
                </span>
                <Icon name="next" className="hidden size-5 text-stone-300 group-hover:text-plum-600 sm:block" />
              </Link>
            </li>
          );
        })}
      </ul>

      {canPublish(user.role) ? <InReview /> : null}

      <ScheduledNext />

      <section className="mt-10" aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold text-stone-900">
          {t('dashboard.quickActions')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {shown(quickActions, user.role).map((action) => (
            <Link key={action.key} href={action.href} className={buttonClass('secondary')}>
              <Icon name="plus" className="size-4" />
              {t(`nav.add.${action.key}`)}
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
