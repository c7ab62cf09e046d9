import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { CurrentImage } from '../../../components/admin/current-image.tsx';
import { ItemQueryState } from '../../../components/admin/item-query-state.tsx';
import { LegalFields, legalLabels, type LegalValues } from '../../../components/admin/legal-fields.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { ViewOnSiteLink } from '../../../components/admin/view-on-site-link.tsx';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { fieldErrorsOf, useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import type { UploadResult } from '../../../lib/upload.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { storageUrl } from '../../../../shared/image-url.ts';
import { createLegalInput, updateLegalInput } from '../../../../shared/schemas/legal.ts';

type LegalItem = RouterOutputs['legal']['byId'];

/**
 * No text may be emptied. The media rule of the add form needs no check here: the item already
 * has its media, and an edit can only replace it.
 */
const legalTextInput = z.object(createLegalInput.shape).pick({ titleEn: true, titleFa: true, descriptionEn: true, descriptionFa: true });

/** /admin/edit/legal/{id}: an addition to SPEC, which could only delete legal items. */
export function LegalEditPage({ id }: { id: string | undefined }) {
  const trpc = useTRPC();
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const item = useQuery({ ...trpc.legal.byId.queryOptions({ id: numericId }), enabled: valid });
  return (
    <ItemQueryState query={item} valid={valid} back={{ href: '/legal/all', label: 'legal.backToList' }}>
      {(data) => <LegalEditForm item={data} />}
    </ItemQueryState>
  );
}

function LegalEditForm({ item }: { item: LegalItem }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const user = useAdminUser();
  const [, navigate] = useLocation();
  const [initial] = useState<LegalValues>(() => ({
    titleEn: item.titleEn,
    titleFa: item.titleFa,
    descriptionEn: item.descriptionEn,
    descriptionFa: item.descriptionFa,
    videoLink: item.videoLink ?? '',
  }));
  const draft = useDraft(`${user.id}:edit-legal-${item.id}`, initial);
  const [media, setMedia] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const { errors, setErrors, clear } = useFieldErrors();

  const update = useMutation(
    trpc.legal.update.mutationOptions({
      onSuccess: () => {
        notify.success(t('legal.updated'));
        draft.clear();
        void refresh('legal');
        navigate('/legal/all');
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t('toasts.updateFailed'), error);
      },
    }),
  );

  const submit = () => {
    const values = draft.values;
    const whole = validate(legalTextInput, values, language);
    if (!whole.ok) return setErrors(whole.errors);
    // The server keeps a link it is sent empty; say so rather than let the editor believe it is gone.
    if (initial.videoLink && !values.videoLink.trim()) return setErrors({ videoLink: [t('legal.videoLinkKept')] });
    const changes: Record<string, unknown> = { id: item.id };
    for (const field of ['titleEn', 'titleFa', 'descriptionEn', 'descriptionFa', 'videoLink'] as const)
      if (values[field] !== initial[field]) changes[field] = values[field];
    if (media) changes.mediaUploadId = media.id;
    if (Object.keys(changes).length === 1) {
      setErrors({});
      return notify.info(t('form.noChanges'));
    }
    const checked = validate(updateLegalInput, changes, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    update.mutate(checked.data);
  };

  return (
    <>
      <PageHeader
        title={t('legal.editTitle')}
        description={<span dir="auto">{language === 'fa' ? item.titleFa : item.titleEn}</span>}
        back={{ href: '/legal/all', label: t('legal.backToList') }}
        actions={<ViewOnSiteLink href={`/legal/${item.id}`} />}
      />
      <AdminForm
        testId="legal-form"
        onSubmit={submit}
        errors={errors}
        labels={legalLabels(t)}
        submitLabel={t('form.saveChanges')}
        busy={update.isPending || uploading}
        notice={draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} /> : null}
      >
        <LegalFields
          values={draft.values}
          setField={(field, value) => {
            draft.setField(field, value);
            clear(String(field), ...(field === 'videoLink' ? ['mediaUploadId'] : []));
          }}
          errors={errors}
          mediaSlot={
            <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
              <CurrentImage url={storageUrl(item.media)} kind={item.mediaKind} />
              <UploadField
                label={t('fields.replaceMedia')}
                purpose="legal"
                hint={t('form.mediaHint')}
                onUploaded={(result) => {
                  setMedia(result);
                  if (result) clear('mediaUploadId');
                }}
                onBusyChange={setUploading}
                error={errors.mediaUploadId}
              />
            </div>
          }
        />
      </AdminForm>
    </>
  );
}
