import { useTranslation } from '../../lib/use-translation.ts';
import { TableListPage } from '../../components/admin/table-list-page.tsx';
import { Td } from '../../components/admin/table.tsx';
import { usePagedList } from '../../components/admin/use-paged-list.ts';
import { formatKeptTime, formatNumber } from '../../lib/format.ts';
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
  const list = usePagedList((page) => ({ ...trpc.audit.list.queryOptions(page), staleTime: 0 }), PAGE_SIZE);

  // "news.create" -> the section and verb editors know, in their language; unknown actions as they are.
  const describe = (action: string) => {
    const [section = '', verb = ''] = action.split('.');
    const sectionText = t(`audit.sections.${section}`, { defaultValue: section });
    const verbText = t(`audit.verbs.${verb}`, { defaultValue: verb });
    return `${sectionText} · ${verbText}`;
  };

  return (
    <TableListPage
      list={list}
      title={t('audit.title')}
      countKey="audit.total"
      description={t('audit.intro')}
      empty={{ icon: 'history', text: t('audit.empty') }}
      table={{
        caption: t('audit.title'),
        testId: 'audit-table',
        columns: [
          { label: t('audit.when') },
          { label: t('audit.who') },
          { label: t('audit.what') },
          { label: t('audit.item'), className: 'hidden md:table-cell' },
        ],
      }}
      row={(row) => (
        <tr key={row.id} data-testid="audit-row" className={row.action === 'auth.loginFailed' ? 'bg-amber-50/60' : undefined}>
          <Td className="whitespace-nowrap">{formatKeptTime(row.at, language)}</Td>
          <Td>
            {/* People by name; the e-mail only when no account has it any more (deleted, or a failed sign-in's guess). */}
            {row.byScheduler ? t('audit.scheduler') : <bdi>{row.userName ?? row.userEmail ?? t('audit.unknownUser')}</bdi>}
          </Td>
          <Td className="font-medium text-stone-900">
            {describe(row.action)}
            {row.attempts > 1 ? (
              <span className="ms-1 text-stone-500">{t('audit.attempts', { count: row.attempts, formatted: formatNumber(row.attempts, language) })}</span>
            ) : null}
          </Td>
          <Td className="hidden md:table-cell">
            {row.targetId !== null ? <span className="text-stone-500">#{formatNumber(row.targetId, language)} </span> : null}
            {row.summary ? <bdi>{row.action === 'auth.login' ? t(`audit.signInWith.${row.summary}`, { defaultValue: row.summary }) : row.summary}</bdi> : null}
          </Td>
        </tr>
      )}
    />
  );
}
