import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '../../components/admin/list-states.tsx';
import { PageHeader } from '../../components/admin/page-header.tsx';
import { Pagination } from '../../components/admin/pagination.tsx';
import { Table, Td, Th } from '../../components/admin/table.tsx';
import { useClampPage, usePageParam } from '../../components/admin/use-list-params.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

const PAGE_SIZE = 50;

/**
 * /admin/audit: who did what and when (logins, failed logins, logouts, every change). Read-only by
 * design: there is no way to edit or remove an entry from the panel.
 */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [page, setPage] = usePageParam();
  const list = useQuery({ ...trpc.audit.list.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData, staleTime: 0 });
  useClampPage(page, list.data?.total, PAGE_SIZE, setPage);

  // "news.create" -> the section and verb editors know, in their language; unknown actions as they are.
  const describe = (action: string) => {
    const [section = '', verb = ''] = action.split('.');
    const sectionText = t(`audit.sections.${section}`, { defaultValue: section });
    const verbText = t(`audit.verbs.${verb}`, { defaultValue: verb });
    return `${sectionText} · ${verbText}`;
  };

  const rows = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={list.data ? t('audit.total', { count: list.data.total, formatted: formatNumber(list.data.total, language) }) : t('audit.intro')}
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon="history" text={t('audit.empty')} />
      ) : (
        <Table caption={t('audit.title')} testId="audit-table">
          <thead>
            <tr>
              <Th>{t('audit.when')}</Th>
              <Th>{t('audit.who')}</Th>
              <Th>{t('audit.what')}</Th>
              <Th className="hidden md:table-cell">{t('audit.item')}</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="audit-row" className={row.action === 'auth.loginFailed' ? 'bg-amber-50/60' : undefined}>
                <Td className="whitespace-nowrap">{formatDateTime(row.at, language)}</Td>
                <Td>
                  <bdi>{row.userEmail ?? t('audit.unknownUser')}</bdi>
                </Td>
                <Td className="font-medium text-stone-900">{describe(row.action)}</Td>
                <Td className="hidden md:table-cell">
                  {row.targetId !== null ? <span className="text-stone-500">#{formatNumber(row.targetId, language)} </span> : null}
                  {row.summary ? <bdi>{row.summary}</bdi> : null}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data ? <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
    </>
  );
}
