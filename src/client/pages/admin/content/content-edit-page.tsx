import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AdminForm, DraftNotice } from '../../../components/admin/admin-form.tsx';
import { useAdminUser } from '../../../components/admin/admin-session.tsx';
import { ContentFields } from '../../../components/admin/content-fields.tsx';
import { contentKinds, useContentApi, type ContentKindConfig } from '../../../components/admin/content-kinds.ts';
import {
  contentErrorKeys,
  contentLabels,
  contentValuesOf,
  createInputOf,
  updateInputOf,
  type ContentItem,
  type ContentValues,
} from '../../../components/admin/content-values.ts';
import { CurrentImage } from '../../../components/admin/current-image.tsx';
import { ItemQueryState } from '../../../components/admin/item-query-state.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { ViewOnSiteLink } from '../../../components/admin/view-on-site-link.tsx';
import { useFieldErrors } from '../../../components/admin/use-field-errors.ts';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { fieldErrorsOf } from '../../../lib/trpc.ts';
import type { UploadResult } from '../../../lib/upload.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { storageUrl } from '../../../../shared/image-url.ts';
import { createContentInput, updateContentInput, type ContentKind } from '../../../../shared/schemas/content.ts';

/** The whole text must stay valid (no title emptied); the image is checked only when replaced. */
const editedContentInput = createContentInput.omit({ imageUploadId: true });

/** /admin/edit/news|article|report/{id}. */
export function ContentEditPage({ kind, id }: { kind: ContentKind; id: string | undefined }) {
  const config = contentKinds[kind];
  const api = useContentApi(kind);
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const item = useQuery({ ...api.byId.queryOptions({ id: numericId }), enabled: valid });
  return (
    <ItemQueryState query={item} valid={valid} back={{ href: config.listPath, label: `content.${config.texts}.backToList` }}>
      {(data) => <ContentEditForm config={config} item={data} />}
    </ItemQueryState>
  );
}

function ContentEditForm({ config, item }: { config: ContentKindConfig; item: ContentItem }) {
  const texts = `content.${config.texts}` as const;
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(config.kind);
  const notify = useNotify();
  const refresh = useRefresh();
  const user = useAdminUser();
  const [, navigate] = useLocation();
  const [initial] = useState(() => contentValuesOf(item));
  const draft = useDraft(`${user.id}:edit-${config.kind}-${item.id}`, initial);
  const [image, setImage] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const { errors, setErrors, clear } = useFieldErrors();

  const update = useMutation(
    api.update.mutationOptions({
      onSuccess: () => {
        notify.success(t(`${texts}.updated`));
        draft.clear();
        void refresh(config.router);
        navigate(config.listPath);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        notify.failure(t('toasts.updateFailed'), error);
      },
    }),
  );

  const setField = (field: keyof ContentValues, value: string) => {
    draft.setField(field, value);
    clear(...contentErrorKeys(field));
  };

  const submit = () => {
    const { imageUploadId: _image, ...whole } = createInputOf(draft.values, undefined);
    const checkedWhole = validate(editedContentInput, whole, language);
    if (!checkedWhole.ok) return setErrors(checkedWhole.errors);
    const changes = updateInputOf(item.id, initial, draft.values, item, image?.id);
    if (Object.keys(changes).length === 1) {
      setErrors({});
      return notify.info(t('form.noChanges'));
    }
    const checked = validate(updateContentInput, changes, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    update.mutate(checked.data);
  };

  const title = language === 'fa' ? item.titleFa : item.titleEn;
  return (
    <>
      <PageHeader
        title={t(`${texts}.editTitle`)}
        description={<span dir="auto">{title}</span>}
        back={{ href: config.listPath, label: t(`${texts}.backToList`) }}
        actions={<ViewOnSiteLink href={config.publicPath(item.id)} />}
      />
      <AdminForm
        testId="content-form"
        onSubmit={submit}
        errors={errors}
        labels={contentLabels(t)}
        submitLabel={t('form.saveChanges')}
        busy={update.isPending || uploading}
        notice={draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} /> : null}
      >
        <ContentFields
          values={draft.values}
          setField={setField}
          errors={errors}
          imageSlot={
            <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
              <CurrentImage url={storageUrl(item.image)} />
              <UploadField
                label={t('fields.replaceImage')}
                purpose="image"
                hint={t('form.replaceImageHint')}
                onUploaded={(result) => {
                  setImage(result);
                  if (result) clear('imageUploadId');
                }}
                onBusyChange={setUploading}
                error={errors.imageUploadId}
              />
            </div>
          }
        />
      </AdminForm>
    </>
  );
}
