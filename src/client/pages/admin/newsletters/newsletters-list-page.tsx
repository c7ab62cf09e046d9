import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/admin/button.tsx';
import { Icon } from '../../../components/admin/icons.tsx';
import { AddLink, DeleteButton, EditLink } from '../../../components/admin/item-actions.tsx';
import { EditionStateBadge } from '../../../components/admin/newsletter/edition-state.tsx';
import { MailNotConfigured, useNewsletterOverview } from '../../../components/admin/newsletter/mail-not-configured.tsx';
import { TableListPage } from '../../../components/admin/table-list-page.tsx';
import { Td } from '../../../components/admin/table.tsx';
import { useDeleteWithConfirm } from '../../../components/admin/use-delete-with-confirm.tsx';
import { usePagedList } from '../../../components/admin/use-paged-list.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import type { Language } from '../../../../shared/locale.ts';

type Edition = RouterOutputs['newsletters']['list']['items'][number];

/** The subject in the panel's language, else in the other (an edition may be written in one). */
export const editionSubject = (edition: Pick<Edition, 'subjectEn' | 'subjectFa'>, language: Language) =>
  (language === 'fa' ? edition.subjectFa || edition.subjectEn : edition.subjectEn || edition.subjectFa).trim();

/** The date that says most about an edition: when it was sent, when sending began, or when it was written. */
function editionDate(edition: Edition, language: Language, t: (key: string, options: Record<string, string>) => string) {
  const date = (at: Date) => formatDate(at, language, { dateStyle: 'medium' });
  if (edition.finishedAt) return t('newsletters.sentOn', { date: date(edition.finishedAt) });
  if (edition.startedAt) return t('newsletters.startedOn', { date: date(edition.startedAt) });
  return t('newsletters.createdOn', { date: date(edition.createdAt) });
}

/** /admin/newsletters: the editions, newest first, with their state and how far their sending got. */
export function NewslettersListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const overview = useNewsletterOverview();
  const list = usePagedList((page) => trpc.newsletters.list.queryOptions(page));
  const deletion = useDeleteWithConfirm({ procedure: trpc.newsletters.delete, texts: 'newsletters', section: 'newsletters' });
  const number = (value: number) => formatNumber(value, language);
  const readers = overview.data?.readers;

  return (
    <TableListPage
      list={list}
      title={t('newsletters.listTitle')}
      countKey="newsletters.total"
      description={t('newsletters.listIntro')}
      actions={
        <>
          <Link href="/newsletter" className={buttonClass('secondary')}>
            <Icon name="subscribers" className="size-4" />
            {t('newsletters.subscribers')}
          </Link>
          <AddLink href="/newsletters/new" label={t('newsletters.new')} />
        </>
      }
      toolbar={
        <>
          <MailNotConfigured />
          {readers ? (
            <p className="-mt-3 mb-5 text-sm text-stone-600" data-testid="confirmed-readers">
              {t('newsletters.readers', { en: number(readers.en), fa: number(readers.fa) })}
            </p>
          ) : null}
        </>
      }
      empty={{ icon: 'newsletter', text: t('newsletters.empty') }}
      table={{
        caption: t('newsletters.listTitle'),
        testId: 'editions-table',
        columns: [
          { label: t('newsletters.columns.subject') },
          { label: t('newsletters.columns.state') },
          { label: t('newsletters.columns.progress'), className: 'hidden sm:table-cell' },
          { label: t('newsletters.columns.date'), className: 'hidden md:table-cell' },
        ],
        actions: true,
      }}
      row={(edition) => {
        const subject = editionSubject(edition, language);
        const name = subject || t('newsletters.noSubject');
        const busy = edition.state === 'sending' || edition.state === 'paused';
        return (
          <tr key={edition.id} data-testid="edition-row" data-item-id={edition.id}>
            <Td className="max-w-md font-medium text-stone-900">
              <Link href={`/newsletters/${edition.id}`} className="hover:text-plum-800 hover:underline">
                {subject ? <bdi>{subject}</bdi> : <span className="font-normal text-stone-500 italic">{name}</span>}
              </Link>
              {/* On narrow screens the date column is hidden; it goes under the subject. */}
              <span className="block text-xs font-normal text-stone-500 md:hidden">{editionDate(edition, language, t)}</span>
            </Td>
            <Td>
              <EditionStateBadge state={edition.state} />
            </Td>
            <Td className="hidden whitespace-nowrap tabular-nums sm:table-cell">
              {edition.state === 'draft' ? (
                <span className="text-stone-400">—</span>
              ) : (
                <>
                  {t('newsletters.sentCount', { sent: number(edition.sent), recipients: number(edition.recipients) })}
                  {edition.failed ? (
                    <span className="block text-xs text-red-700">{t('newsletters.failedCount', { formatted: number(edition.failed) })}</span>
                  ) : null}
                </>
              )}
            </Td>
            <Td className="hidden whitespace-nowrap md:table-cell">{editionDate(edition, language, t)}</Td>
            <Td>
              <div className="flex justify-end gap-1">
                {/* On a phone the subject is the way in: the row keeps its room for the subject. */}
                <span className="hidden sm:contents">
                  {edition.state === 'draft' ? (
                    <EditLink href={`/newsletters/${edition.id}`} name={name} />
                  ) : (
                    <Link href={`/newsletters/${edition.id}`} className={buttonClass('ghost', 'sm')} aria-label={`${t('actions.view')}: ${name}`}>
                      <Icon name="eye" className="size-4" />
                      {t('actions.view')}
                    </Link>
                  )}
                </span>
                {busy ? null : (
                  <DeleteButton name={name} busy={deletion.deletingId === edition.id} onClick={() => deletion.ask({ id: edition.id, title: name })} />
                )}
              </div>
            </Td>
          </tr>
        );
      }}
    />
  );
}
