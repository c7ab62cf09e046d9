import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { z } from 'zod';
import { ReplaceMedia } from '../../../components/admin/current-image.tsx';
import { PictureField, startCoverAlt } from '../../../components/admin/library/picture-field.tsx';
import { RevisionsPanel } from '../../../components/admin/editorial/revisions-panel.tsx';
import { EditItemPage } from '../../../components/admin/item-form-page.tsx';
import { ItemQueryState, useItemQuery } from '../../../components/admin/item-query-state.tsx';
import { legalErrorKeys, LegalFields, legalLabels, type LegalValues } from '../../../components/admin/legal-fields.tsx';
import { useEditForm } from '../../../components/admin/use-edit-form.ts';
import { useUploadSlot } from '../../../components/admin/use-upload-slot.ts';
import { UploadField } from '../../../components/ui/upload-field.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { editorialCreateInput, editorialUpdateInput, editorialValuesOf } from '../../../components/admin/editorial/editorial-values.ts';
import { checkPublishable, checkTitle } from '../../../../shared/schemas/editorial.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { itemPathOf } from '../../../../shared/content-kinds.ts';
import { privateMediaUrl } from '../../../../shared/image-url.ts';
import { createLegalInput, updateLegalInput } from '../../../../shared/schemas/legal.ts';
import { withScheme } from '../../../../shared/link-scheme.ts';

type LegalItem = RouterOutputs['legal']['adminById'];

/**
 * The whole text as the form holds it, as publishing needs it: per language written in, its title,
 * body and (`alt`: a new picture, or a draft going out) the cover's description. The server checks
 * the saved result again, with what only it knows.
 */
const wholeLegalInput = (alt: boolean) =>
  z
    .object(createLegalInput.shape)
    .pick({ titleEn: true, titleFa: true, bodyEn: true, bodyFa: true, coverAltEn: true, coverAltFa: true, status: true })
    .superRefine(checkTitle, { when: () => true })
    .superRefine(checkPublishable({ alt: () => alt }), { when: () => true });

/** /admin/edit/legal/{id}: an addition to the original panel, which could only delete legal items. */
export function LegalEditPage({ id }: { id: string | undefined }) {
  const trpc = useTRPC();
  const item = useItemQuery(id, (itemId) => trpc.legal.adminById.queryOptions({ id: itemId }));
  return (
    <ItemQueryState {...item} back={{ href: '/legal/all', label: 'legal.backToList' }}>
      {(data) => <LegalEditForm item={data} />}
    </ItemQueryState>
  );
}

function LegalEditForm({ item }: { item: LegalItem }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [initial] = useState<LegalValues>(() => ({
    ...editorialValuesOf(item),
    titleEn: item.titleEn,
    titleFa: item.titleFa,
    videoLink: item.videoLink ?? '',
  }));
  const form = useEditForm({
    draft: `edit-legal-${item.id}`,
    itemId: item.id,
    initial,
    updated: t('legal.updated'),
    section: 'legal',
    listPath: '/legal/all',
    errorKeys: legalErrorKeys,
  });
  const media = useUploadSlot('mediaUploadId', form);
  const update = useMutation(trpc.legal.update.mutationOptions(form.callbacks));

  const newPicture = media.kind === 'image';
  const submit = () => {
    // The bodies as their editors hold them now, not as of the form's last render.
    const values = form.current();
    const { bodyEn, bodyFa, coverAltEn, coverAltFa, status } = editorialCreateInput(values);
    const pictureCover = newPicture || (!media.kind && item.mediaKind === 'image');
    const alt = pictureCover && (newPicture || (item.status === 'draft' && status !== 'draft'));
    const whole = { titleEn: values.titleEn, titleFa: values.titleFa, bodyEn, bodyFa, coverAltEn, coverAltFa, status };
    if (!form.check(wholeLegalInput(alt), whole)) return;
    // The server keeps a link it is sent empty; say so rather than let the editor believe it is gone.
    if (initial.videoLink && !values.videoLink.trim()) return form.setErrors({ videoLink: [t('legal.videoLinkKept')] });
    const changes: Record<string, unknown> & { id: number } = { id: item.id, ...editorialUpdateInput(initial, values) };
    for (const field of ['titleEn', 'titleFa', 'videoLink'] as const) if (values[field] !== initial[field]) changes[field] = values[field];
    // Sent completed: Enter in the link field saves before its blur adds https://.
    if (typeof changes.videoLink === 'string') changes.videoLink = withScheme(changes.videoLink);
    if (media.id) changes.mediaUploadId = media.id;
    // The server asks a new picture for its words even when the fields kept the old ones.
    if (newPicture) Object.assign(changes, { coverAltEn: values.coverAltEn, coverAltFa: values.coverAltFa });
    form.saveChanges(changes, updateLegalInput, update.mutate);
  };

  return (
    <EditItemPage
      texts="legal"
      listPath="/legal/all"
      title={language === 'fa' ? item.titleFa : item.titleEn}
      publicPath={itemPathOf('legal', item, language)}
      previewPath={`/preview/legal/${item.id}`}
      testId="legal-form"
      onSubmit={submit}
      errors={form.errors}
      labels={legalLabels(t)}
      busy={update.isPending || media.uploading}
      notice={form.draftNotice()}
      status={form.values.status}
      savedStatus={item.status}
    >
      <LegalFields
        values={form.values}
        revision={form.revision}
        registerLive={form.registerLive}
        setField={form.change}
        errors={form.errors}
        mediaSlot={
          <ReplaceMedia url={privateMediaUrl(item.media)} kind={item.mediaKind}>
            <PictureField
              slot={media}
              upload={<UploadField label={t(item.media || item.videoLink ? 'fields.replaceMedia' : 'fields.imageOrVideo')} purpose="legal" hint={t('form.mediaHint')} {...media.props} />}
              onChosen={(picture) => startCoverAlt(picture, form.current(), initial, form.change)}
            />
          </ReplaceMedia>
        }
      />
      <RevisionsPanel owner="legal" id={item.id} draft={`edit-legal-${item.id}`} />
    </EditItemPage>
  );
}
