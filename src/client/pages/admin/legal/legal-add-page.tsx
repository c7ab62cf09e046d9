import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { CreatedNotice } from '../../../components/admin/created-notice.tsx';
import { emptyLegalValues, LegalFields, legalLabels } from '../../../components/admin/legal-fields.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { fieldErrorsOf, useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import type { UploadResult } from '../../../lib/upload.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { createLegalInput } from '../../../../shared/schemas/legal.ts';

/** /admin/legal/add. */
export function LegalAddPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const user = useAdminUser();
  const draft = useDraft(`${user.id}:add-legal`, emptyLegalValues);
  const [media, setMedia] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const { errors, setErrors, clear } = useFieldErrors();
  const [created, setCreated] = useState<RouterOutputs['legal']['create'] | null>(null);

  const create = useMutation(
    trpc.legal.create.mutationOptions({
      onSuccess: (item) => {
        notify.success(t('legal.added'));
        draft.clear();
        setMedia(null);
        setResetKey((key) => key + 1);
        setErrors({});
        setCreated(item);
        void refresh('legal');
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t('legal.addFailed'), error);
      },
    }),
  );

  const submit = () => {
    const checked = validate(createLegalInput, { ...draft.values, mediaUploadId: media?.id }, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setCreated(null);
    create.mutate(checked.data);
  };

  return (
    <>
      <PageHeader title={t('legal.addTitle')} description={t('legal.addIntro')} back={{ href: '/legal/all', label: t('legal.backToList') }} />
      <AdminForm
        testId="legal-form"
        onSubmit={submit}
        errors={errors}
        labels={legalLabels(t)}
        submitLabel={t('legal.addSubmit')}
        busy={create.isPending || uploading}
        notice={
          <>
            {created ? (
              <CreatedNotice
                text={t('legal.added')}
                onDismiss={() => setCreated(null)}
                links={[
                  { href: `/legal/${created.id}`, label: t('form.viewOnSite'), external: true },
                  { href: `/edit/legal/${created.id}`, label: t('actions.edit') },
                  { href: '/legal/all', label: t('legal.listTitle') },
                ]}
              />
            ) : null}
            {draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} extra={t('form.chooseFileAgain')} /> : null}
          </>
        }
      >
        <LegalFields
          values={draft.values}
          setField={(field, value) => {
            draft.setField(field, value);
            clear(String(field), ...(field === 'videoLink' ? ['mediaUploadId'] : []));
          }}
          errors={errors}
          mediaSlot={
            <UploadField
              label={t('fields.imageOrVideo')}
              purpose="legal"
              hint={t('form.mediaHint')}
              onUploaded={(result) => {
                setMedia(result);
                if (result) clear('mediaUploadId');
              }}
              onBusyChange={setUploading}
              resetKey={resetKey}
              error={errors.mediaUploadId}
            />
          }
        />
      </AdminForm>
    </>
  );
}
