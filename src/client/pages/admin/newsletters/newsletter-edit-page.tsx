import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { AdminForm } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { ItemQueryState, useItemQuery } from '../../../components/admin/item-query-state.tsx';
import { EditionFields } from '../../../components/admin/newsletter/edition-fields.tsx';
import { EditionPreview, useWrittenLanguages } from '../../../components/admin/newsletter/edition-preview.tsx';
import { EditionStateBadge } from '../../../components/admin/newsletter/edition-state.tsx';
import { editionInput, editionLabels, editionValuesOf } from '../../../components/admin/newsletter/edition-values.ts';
import { itemTitle } from '../../../components/admin/newsletter/item-picker.tsx';
import { MailNotConfigured, useNewsletterOverview } from '../../../components/admin/newsletter/mail-not-configured.tsx';
import { SendProgress } from '../../../components/admin/newsletter/send-progress.tsx';
import { SendToEveryone } from '../../../components/admin/newsletter/send-to-everyone.tsx';
import { TestSend } from '../../../components/admin/newsletter/test-send.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { formDraftKey, useDraftForm } from '../../../components/admin/use-draft-form.tsx';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { forgetDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { directionOf, languages } from '../../../../shared/locale.ts';
import { updateNewsletterInput } from '../../../../shared/schemas/newsletter.ts';
import { editionSubject } from './newsletters-list-page.tsx';

type Edition = RouterOutputs['newsletters']['byId'];

const progressOf = ({ state, recipients, sent, failed, skipped, remaining }: Edition) => ({ state, recipients, sent, failed, skipped, remaining });

/** /admin/newsletters/{id}: a draft to write, preview, test and send; an edition sent or being sent, read-only with its progress. */
export function NewsletterEditPage({ id }: { id: string | undefined }) {
  const trpc = useTRPC();
  const item = useItemQuery(id, (itemId) => trpc.newsletters.byId.queryOptions({ id: itemId }));
  return (
    <ItemQueryState {...item} back={{ href: '/newsletters', label: 'newsletters.backToList' }}>
      {(edition) => <EditionPage edition={edition} />}
    </ItemQueryState>
  );
}

function EditionPage({ edition }: { edition: Edition }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const overview = useNewsletterOverview();
  const written = useWrittenLanguages(edition.id);
  // A save makes the saved newsletter the form's new starting point: the form starts again from it.
  const [saves, setSaves] = useState(0);
  const [dirty, setDirty] = useState(false);
  const draft = edition.state === 'draft';
  const configured = overview.data?.configured === true;
  const subject = editionSubject(edition, language);

  return (
    <>
      <PageHeader
        title={subject || t('newsletters.editTitle')}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <EditionStateBadge state={edition.state} />
            {t('newsletters.createdOn', { date: formatDate(edition.createdAt, language, { dateStyle: 'medium' }) })}
          </span>
        }
        back={{ href: '/newsletters', label: t('newsletters.backToList') }}
      />
      <MailNotConfigured />
      {!overview.data ? (
        <Spinner />
      ) : (
        <div className="grid gap-6">
          {draft ? (
            <EditionForm key={saves} edition={edition} onSaved={() => setSaves((count) => count + 1)} onDirty={setDirty} />
          ) : (
            <>
              <SendProgress id={edition.id} initial={progressOf(edition)} finishedAt={edition.finishedAt} ratePerMinute={overview.data.ratePerMinute} />
              <EditionContents edition={edition} />
            </>
          )}
          {draft && dirty ? (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="unsaved-notice">
              {t('newsletters.unsaved')}
            </p>
          ) : null}
          <EditionPreview id={edition.id} />
          <div className={`grid gap-6 ${draft ? 'lg:grid-cols-2' : ''}`}>
            <TestSend id={edition.id} disabled={!configured || dirty || !written.data?.length} />
            {draft ? (
              <SendToEveryone id={edition.id} written={written.data ?? []} readers={overview.data.readers} disabled={!configured || dirty || !written.data} />
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}

/** The draft's form; saving keeps the editor on the page, where the preview shows what was saved. */
function EditionForm({ edition, onSaved, onDirty }: { edition: Edition; onSaved(): void; onDirty(dirty: boolean): void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const me = useAdminUser();
  const draftName = `edit-newsletter-${edition.id}`;
  const [initial] = useState(() => editionValuesOf(edition));
  const form = useDraftForm(draftName, initial);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const update = useMutation(
    trpc.newsletters.update.mutationOptions({
      onSuccess: async () => {
        notify.success(t('newsletters.saved'));
        // The saved edition first (the form starts again from it), then no draft is left to restore.
        await refresh('newsletters');
        forgetDraft(formDraftKey(me.id, draftName));
        onSaved();
      },
      onError: form.failed(t('newsletters.saveFailed')),
    }),
  );
  const submit = () => {
    if (!dirty && !Object.keys(form.errors).length) return notify.info(t('form.noChanges'));
    form.submit(updateNewsletterInput, { id: edition.id, ...editionInput(form.current()) }, update.mutate);
  };

  return (
    <AdminForm
      testId="newsletter-form"
      onSubmit={submit}
      errors={form.errors}
      labels={editionLabels(t)}
      submitLabel={t('newsletters.save')}
      busy={update.isPending}
      notice={form.draftNotice()}
    >
      <EditionFields
        values={form.values}
        revision={form.revision}
        registerLive={form.registerLive}
        setField={form.change}
        errors={form.errors}
        listed={edition.items}
      />
    </AdminForm>
  );
}

/** What an edition sent (or being sent) says, read-only: its subjects and the items it lists; the preview shows the rest. */
function EditionContents({ edition }: { edition: Edition }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" aria-labelledby="edition-contents" data-testid="edition-contents">
      <h2 id="edition-contents" className="font-semibold text-stone-900">
        {t('newsletters.contents')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t(edition.state === 'sent' ? 'newsletters.readOnlySent' : 'newsletters.readOnlySending')}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {languages.map((code) => {
          const field = code === 'en' ? 'subjectEn' : 'subjectFa';
          return (
            <div key={code}>
              <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{t(`newsletters.fields.${field}`)}</dt>
              <dd className="mt-1 text-sm text-stone-900" dir={directionOf(code)} lang={code}>
                {edition[field] || <span className="text-stone-400">—</span>}
              </dd>
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{t('newsletters.fields.itemIds')}</dt>
          <dd className="mt-1 text-sm text-stone-900">
            {edition.items.length ? (
              <ol className={`space-y-1 ps-5 ${language === 'fa' ? 'list-[persian]' : 'list-decimal'}`}>
                {edition.items.map((item) => (
                  <li key={item.id}>
                    <bdi>{itemTitle(item, language)}</bdi>
                    <span className="text-stone-500"> · {t(`search.types.${item.kind}`)}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <span className="text-stone-500">{t('newsletters.noItemsListed')}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
