import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { editorialCreateInput } from '../../../components/admin/editorial/editorial-values.ts';
import { AddItemPage } from '../../../components/admin/item-form-page.tsx';
import { PictureField, startCoverAlt } from '../../../components/admin/library/picture-field.tsx';
import { emptyLegalValues, legalErrorKeys, LegalFields, legalLabels } from '../../../components/admin/legal-fields.tsx';
import { useAddForm } from '../../../components/admin/use-add-form.tsx';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { checkPublishable } from '../../../../shared/schemas/editorial.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { itemPathOf } from '../../../../shared/content-kinds.ts';
import { createLegalInput } from '../../../../shared/schemas/legal.ts';
import { withScheme } from '../../../../shared/link-scheme.ts';

/** /admin/legal/add. */
export function LegalAddPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [initial] = useState(emptyLegalValues);
  const form = useAddForm({
    draft: 'add-legal',
    initial,
    upload: 'mediaUploadId',
    texts: 'legal',
    section: 'legal',
    errorKeys: legalErrorKeys,
  });
  const create = useMutation(trpc.legal.create.mutationOptions(form.callbacks));
  const pictureCover = form.file.kind === 'image';
  const submit = () => {
    // The bodies as their editors hold them now, not as of the form's last render.
    const values = form.current();
    form.submit(
      createLegalInput.superRefine(
        checkPublishable({
          alt: () => pictureCover,
          cover: (input) => ({
            field: 'mediaUploadId',
            present: Boolean(form.file.id || (input as { videoLink?: string }).videoLink),
            missing: 'legalMediaRequired',
          }),
        }),
        { when: () => true },
      ),
      {
        titleEn: values.titleEn,
        titleFa: values.titleFa,
        videoLink: withScheme(values.videoLink),
        ...editorialCreateInput(values),
        mediaUploadId: form.file.id,
      },
      create.mutate,
    );
  };

  return (
    <AddItemPage
      texts="legal"
      listPath="/legal/all"
      testId="legal-form"
      onSubmit={submit}
      status={form.values.status}
      errors={form.errors}
      labels={legalLabels(t)}
      busy={create.isPending || form.file.uploading}
      notice={form.notice((item) => [
        item.status === 'published'
          ? { href: itemPathOf('legal', item, language), label: t('form.viewOnSite'), external: true }
          : { href: `/preview/legal/${item.id}`, label: t('publication.preview'), external: true },
        { href: `/edit/legal/${item.id}`, label: t('actions.edit') },
        { href: '/legal/all', label: t('legal.listTitle') },
      ])}
    >
      <LegalFields
        values={form.values}
        revision={form.revision}
        registerLive={form.registerLive}
        setField={form.change}
        errors={form.errors}
        mediaSlot={
          <PictureField
            slot={form.file}
            upload={<UploadField label={t('fields.imageOrVideo')} purpose="legal" hint={t('form.mediaHint')} {...form.file.props} />}
            onChosen={(picture) => startCoverAlt(picture, form.current(), undefined, form.change)}
          />
        }
      />
    </AddItemPage>
  );
}
