import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ContentFields } from '../../../components/admin/content-fields.tsx';
import { contentKinds, useContentApi } from '../../../components/admin/content-kinds.ts';
import { contentErrorKeys, contentLabels, createInputOf, emptyContentValues } from '../../../components/admin/content-values.ts';
import { AddItemPage } from '../../../components/admin/item-form-page.tsx';
import { PictureField, startCoverAlt } from '../../../components/admin/library/picture-field.tsx';
import { useAddForm } from '../../../components/admin/use-add-form.tsx';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { createContentInput, type ContentKind } from '../../../../shared/schemas/content.ts';

/** /admin/news|articles|reports/add: a draft needs a title in one language; publishing, the words of each language written in and an image. */
export function ContentAddPage({ kind }: { kind: ContentKind }) {
  const config = contentKinds[kind];
  const texts = `content.${config.texts}` as const;
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(kind);
  // Made once: the time zone starts as the editor's.
  const [initial] = useState(emptyContentValues);
  const form = useAddForm({
    draft: `add-${kind}`,
    initial,
    upload: 'imageUploadId',
    texts,
    section: config.router,
    errorKeys: contentErrorKeys,
  });
  const create = useMutation(api.create.mutationOptions(form.callbacks));
  const submit = () => form.submit(createContentInput, createInputOf(form.current(), form.file.id), create.mutate);

  return (
    <AddItemPage
      texts={texts}
      listPath={config.listPath}
      testId="content-form"
      onSubmit={submit}
      status={form.values.status}
      errors={form.errors}
      labels={contentLabels(t)}
      busy={create.isPending || form.file.uploading}
      notice={form.notice((item) => [
        item.status === 'published'
          ? { href: config.publicPath(item, language), label: t('form.viewOnSite'), external: true }
          : { href: config.previewPath(item.id), label: t('publication.preview'), external: true },
        { href: config.editPath(item.id), label: t('actions.edit') },
        { href: config.listPath, label: t(`${texts}.listTitle`) },
      ])}
    >
      <ContentFields
        values={form.values}
        revision={form.revision}
        registerLive={form.registerLive}
        setField={form.change}
        errors={form.errors}
        imageSlot={
          <PictureField
            slot={form.file}
            upload={<UploadField label={t('fields.image')} purpose="image" hint={t('form.imageHint')} {...form.file.props} />}
            onChosen={(picture) => startCoverAlt(picture, form.current(), undefined, form.change)}
          />
        }
      />
    </AddItemPage>
  );
}
