import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { ContentFields } from '../../../components/admin/content-fields.tsx';
import { contentKinds, useContentApi } from '../../../components/admin/content-kinds.ts';
import {
  contentErrorKeys,
  contentLabels,
  createInputOf,
  emptyContentValues,
  type ContentItem,
  type ContentValues,
} from '../../../components/admin/content-values.ts';
import { CreatedNotice } from '../../../components/admin/created-notice.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { fieldErrorsOf } from '../../../lib/trpc.ts';
import type { UploadResult } from '../../../lib/upload.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { createContentInput, type ContentKind } from '../../../../shared/schemas/content.ts';

/** /admin/news|articles|reports/add: both titles, both descriptions and an image; the rest optional. */
export function ContentAddPage({ kind }: { kind: ContentKind }) {
  const config = contentKinds[kind];
  const texts = `content.${config.texts}` as const;
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(kind);
  const notify = useNotify();
  const refresh = useRefresh();
  const user = useAdminUser();
  const draft = useDraft(`${user.id}:add-${kind}`, emptyContentValues);
  const [image, setImage] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const { errors, setErrors, clear } = useFieldErrors();
  const [created, setCreated] = useState<ContentItem | null>(null);

  const create = useMutation(
    api.create.mutationOptions({
      onSuccess: (item) => {
        notify.success(t(`${texts}.added`));
        draft.clear();
        setImage(null);
        setResetKey((key) => key + 1);
        setErrors({});
        setCreated(item);
        void refresh(config.router);
      },
      // Everything typed stays in the form (and in the saved draft); only the reasons are added.
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t(`${texts}.addFailed`), error);
      },
    }),
  );

  const setField = (field: keyof ContentValues, value: string) => {
    draft.setField(field, value);
    clear(...contentErrorKeys(field));
  };

  const submit = () => {
    const checked = validate(createContentInput, createInputOf(draft.values, image?.id), language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setCreated(null);
    create.mutate(checked.data);
  };

  return (
    <>
      <PageHeader title={t(`${texts}.addTitle`)} description={t(`${texts}.addIntro`)} back={{ href: config.listPath, label: t(`${texts}.backToList`) }} />
      <AdminForm
        testId="content-form"
        onSubmit={submit}
        errors={errors}
        labels={contentLabels(t)}
        submitLabel={t(`${texts}.addSubmit`)}
        busy={create.isPending || uploading}
        notice={
          <>
            {created ? (
              <CreatedNotice
                text={t(`${texts}.added`)}
                onDismiss={() => setCreated(null)}
                links={[
                  { href: config.publicPath(created.id), label: t('form.viewOnSite'), external: true },
                  { href: config.editPath(created.id), label: t('actions.edit') },
                  { href: config.listPath, label: t(`${texts}.listTitle`) },
                ]}
              />
            ) : null}
            {draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} extra={t('form.chooseFileAgain')} /> : null}
          </>
        }
      >
        <ContentFields
          values={draft.values}
          setField={setField}
          errors={errors}
          imageSlot={
            <UploadField
              label={t('fields.image')}
              purpose="image"
              required
              hint={t('form.imageHint')}
              onUploaded={(result) => {
                setImage(result);
                if (result) clear('imageUploadId');
              }}
              onBusyChange={setUploading}
              resetKey={resetKey}
              error={errors.imageUploadId}
            />
          }
        />
      </AdminForm>
    </>
  );
}
