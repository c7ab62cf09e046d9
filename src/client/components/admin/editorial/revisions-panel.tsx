import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatInZone } from '../../../../shared/time-zones.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { forgetDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { buttonClass } from '../button.tsx';
import { useAdminUser } from '../admin-session.tsx';
import { useConfirm } from '../confirm.tsx';
import { formDraftKey } from '../use-draft-form.tsx';
import { FormSection } from '../form-controls.tsx';
import { preferredTimeZone } from './editorial-values.ts';
import { RevisionFieldDiff } from './revision-diff.tsx';

/**
 * The saved versions of an item: who saved each and when, what changed from the one before, and
 * restoring one, after a confirmation (the form's unsaved changes, kept as its draft, are dropped
 * with it: the restored version is what the form shows next).
 */
export function RevisionsPanel({ owner, id, draft }: { owner: 'post' | 'legal'; id: number; draft: string }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.revisions.list.queryOptions({ owner, id }), staleTime: 0 });
  const [compared, setCompared] = useState<{ from: number; to: number } | null>(null);
  const comparison = useQuery({ ...trpc.revisions.compare.queryOptions(compared ?? { from: 0, to: 0 }), enabled: compared !== null });
  const confirm = useConfirm();
  const me = useAdminUser();
  const restore = useMutation(
    trpc.revisions.restore.mutationOptions({
      onSuccess: () => {
        forgetDraft(formDraftKey(me.id, draft));
        window.location.reload();
      },
    }),
  );
  const askRestore = async (revisionId: number) => {
    if (await confirm({ title: t('publication.confirmRestore'), message: t('publication.restoreWarning'), confirmLabel: t('publication.restore') }))
      restore.mutate({ id: revisionId });
  };
  const zone = preferredTimeZone();
  const revisions = list.data ?? [];
  return (
    <FormSection title={t('publication.revisions')}>
      {revisions.length === 0 ? <p className="text-sm text-stone-600">{t('publication.noRevisions')}</p> : null}
      <ol className="grid gap-2" data-testid="revisions">
        {revisions.map((revision, index) => {
          const previous = revisions[index + 1];
          return (
            <li key={revision.id} className="rounded-lg border border-stone-200 p-3 text-sm">
              <p>
                <span dir="auto" className="font-semibold">
                  {language === 'fa' ? revision.titleFa : revision.titleEn}
                </span>{' '}
                <span className="text-stone-600">
                  {t('publication.savedBy', {
                    who: revision.savedBy ?? t('publication.formerMember'),
                    date: formatInZone(new Date(revision.createdAt), zone, language),
                  })}
                </span>
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {previous ? (
                  <button type="button" className={buttonClass('secondary')} onClick={() => setCompared({ from: previous.id, to: revision.id })}>
                    {t('publication.compare')}
                  </button>
                ) : null}
                {index > 0 ? (
                  <button type="button" className={buttonClass('secondary')} disabled={restore.isPending} onClick={() => void askRestore(revision.id)}>
                    {t('publication.restore')}
                  </button>
                ) : null}
              </div>
              {compared?.to === revision.id && comparison.data ? (
                <div className="mt-3 grid gap-3" data-testid="revision-diff">
                  {comparison.data.changes.length === 0 ? <p>{t('publication.noChangesBetween')}</p> : null}
                  {comparison.data.changes.map((change) => (
                    <div key={change.field}>
                      <p className="font-semibold">{t(`fields.${change.field}`)}</p>
                      <RevisionFieldDiff field={change.field} lines={change.lines} />
                    </div>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </FormSection>
  );
}
