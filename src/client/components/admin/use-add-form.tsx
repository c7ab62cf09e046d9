import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { z } from 'zod';
import { CreatedNotice, type NoticeLink } from './created-notice.tsx';
import { useDraftForm, type DraftFormOptions } from './use-draft-form.tsx';
import { useNotify } from './use-notify.ts';
import { useRefresh, type Section } from './use-refresh.ts';
import { useUploadSlot } from './use-upload-slot.ts';

interface Created {
  id: number;
  /** Editorial items: a draft or scheduled one is previewed, not viewed on the site. */
  status?: 'draft' | 'scheduled' | 'published';
}

/**
 * An add form with a file (news, articles, reports, gallery and legal items). After a success the
 * form starts empty again, and a notice leads to the new item; after a failure everything typed
 * stays. `texts` is the section's key prefix in admin.json, holding `added` and `addFailed`.
 */
export function useAddForm<T extends Record<string, string>>({
  draft,
  initial,
  upload,
  texts,
  section,
  ...options
}: DraftFormOptions<T> & { draft: string; initial: T; upload: string; texts: string; section: Section }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const refresh = useRefresh();
  const form = useDraftForm(draft, initial, options);
  const file = useUploadSlot(upload, form);
  const [created, setCreated] = useState<Created | null>(null);

  return {
    ...form,
    file,
    /** For the create procedure's mutationOptions. */
    callbacks: {
      onSuccess: (item: Created) => {
        notify.success(t(`${texts}.added`));
        form.reset();
        file.reset();
        form.setErrors({});
        setCreated(item);
        void refresh(section);
      },
      onError: form.failed(t(`${texts}.addFailed`)),
    },
    submit: <S extends z.ZodType>(schema: S, input: unknown, send: (data: z.output<S>) => void) =>
      form.submit(schema, input, (data) => {
        setCreated(null);
        send(data);
      }),
    /** What goes above the fields: the added item's links, and a restored draft (whose file is gone). */
    notice: (links: (item: Created) => NoticeLink[]) => (
      <>
        {created ? <CreatedNotice text={t(`${texts}.added`)} onDismiss={() => setCreated(null)} links={links(created)} /> : null}
        {form.draftNotice(t('form.chooseFileAgain'))}
      </>
    ),
  };
}
