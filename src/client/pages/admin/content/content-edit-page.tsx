import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ContentFields } from '../../../components/admin/content-fields.tsx';
import { contentKinds, useContentApi, type ContentKindConfig } from '../../../components/admin/content-kinds.ts';
import { contentErrorKeys, contentLabels, contentValuesOf, createInputOf, updateInputOf, type ContentItem } from '../../../components/admin/content-values.ts';
import { ReplaceMedia } from '../../../components/admin/current-image.tsx';
import { PictureField, startCoverAlt } from '../../../components/admin/library/picture-field.tsx';
import { RevisionsPanel } from '../../../components/admin/editorial/revisions-panel.tsx';
import { EditItemPage } from '../../../components/admin/item-form-page.tsx';
import { ItemQueryState, useItemQuery } from '../../../components/admin/item-query-state.tsx';
import { useEditForm } from '../../../components/admin/use-edit-form.ts';
import { useUploadSlot } from '../../../components/admin/use-upload-slot.ts';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { privateMediaUrl } from '../../../../shared/image-url.ts';
import { contentFields, updateContentInput, type ContentKind } from '../../../../shared/schemas/content.ts';
import { checkPublishable, checkSchedule, checkTitle } from '../../../../shared/schemas/editorial.ts';

/**
 * The whole form as publishing needs it (per language written in: title, body and, with `alt` — a
 * new picture, or a draft going out — the cover's description; a cover picture). The server checks
 * the saved result again, with what only it knows.
 */
const editedContentInput = (rules: { alt: boolean; hasCover: boolean }) =>
  contentFields
    .omit({ imageUploadId: true })
    .superRefine(checkTitle, { when: () => true })
    .superRefine(checkPublishable({ alt: () => rules.alt, cover: () => ({ field: 'imageUploadId', present: rules.hasCover }) }), { when: () => true })
    .superRefine(checkSchedule);

/** /admin/edit/news|article|report/{id}. */
export function ContentEditPage({ kind, id }: { kind: ContentKind; id: string | undefined }) {
  const config = contentKinds[kind];
  const api = useContentApi(kind);
  const item = useItemQuery(id, (itemId) => api.adminById.queryOptions({ id: itemId }));
  return (
    <ItemQueryState {...item} back={{ href: config.listPath, label: `content.${config.texts}.backToList` }}>
      {(data) => <ContentEditForm config={config} item={data} />}
    </ItemQueryState>
  );
}

function ContentEditForm({ config, item }: { config: ContentKindConfig; item: ContentItem }) {
  const texts = `content.${config.texts}` as const;
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(config.kind);
  const [initial] = useState(() => contentValuesOf(item));
  const form = useEditForm({
    draft: `edit-${config.kind}-${item.id}`,
    itemId: item.id,
    initial,
    updated: t(`${texts}.updated`),
    section: config.router,
    listPath: config.listPath,
    errorKeys: contentErrorKeys,
  });
  const image = useUploadSlot('imageUploadId', form);
  const update = useMutation(api.update.mutationOptions(form.callbacks));

  const submit = () => {
    // The bodies as their editors hold them now, not as of the form's last render.
    const values = form.current();
    const { imageUploadId: _image, ...whole } = createInputOf(values, undefined);
    const alt = Boolean(image.id) || (item.status === 'draft' && values.status !== 'draft');
    if (!form.check(editedContentInput({ alt, hasCover: Boolean(item.image || image.id) }), whole)) return;
    form.saveChanges(updateInputOf(item.id, initial, values, item, image.id), updateContentInput, update.mutate);
  };

  return (
    <EditItemPage
      texts={texts}
      listPath={config.listPath}
      title={language === 'fa' ? item.titleFa : item.titleEn}
      publicPath={config.publicPath(item, language)}
      previewPath={config.previewPath(item.id)}
      testId="content-form"
      onSubmit={submit}
      errors={form.errors}
      labels={contentLabels(t)}
      busy={update.isPending || image.uploading}
      notice={form.draftNotice()}
      status={form.values.status}
      savedStatus={item.status}
    >
      <ContentFields
        values={form.values}
        revision={form.revision}
        registerLive={form.registerLive}
        setField={form.change}
        errors={form.errors}
        imageSlot={
          <ReplaceMedia url={privateMediaUrl(item.image)}>
            <PictureField
              slot={image}
              upload={
                <UploadField
                  label={t(item.image ? 'fields.replaceImage' : 'fields.image')}
                  purpose="image"
                  hint={t(item.image ? 'form.replaceImageHint' : 'form.imageHint')}
                  {...image.props}
                />
              }
              onChosen={(picture) => startCoverAlt(picture, form.current(), initial, form.change)}
            />
          </ReplaceMedia>
        }
      />
      <RevisionsPanel owner="post" id={item.id} draft={`edit-${config.kind}-${item.id}`} />
    </EditItemPage>
  );
}
