import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { AdminForm } from '../../../components/admin/admin-form.tsx';
import { EditionFields } from '../../../components/admin/newsletter/edition-fields.tsx';
import { editionInput, editionLabels, emptyEditionValues } from '../../../components/admin/newsletter/edition-values.ts';
import { MailNotConfigured } from '../../../components/admin/newsletter/mail-not-configured.tsx';
import { PageHeader } from '../../../components/admin/page-header.tsx';
import { useDraftForm } from '../../../components/admin/use-draft-form.tsx';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { createNewsletterInput } from '../../../../shared/schemas/newsletter.ts';

/** /admin/newsletters/new: a newsletter is written and saved first; its page then previews, tests and sends it. */
export function NewsletterAddPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const [, navigate] = useLocation();
  const [initial] = useState(emptyEditionValues);
  const form = useDraftForm('add-newsletter', initial);
  const create = useMutation(
    trpc.newsletters.create.mutationOptions({
      onSuccess: ({ id }) => {
        notify.success(t('newsletters.saved'));
        form.reset();
        void refresh('newsletters');
        navigate(`/newsletters/${id}`, { replace: true });
      },
      onError: form.failed(t('newsletters.saveFailed')),
    }),
  );

  return (
    <>
      <PageHeader
        title={t('newsletters.addTitle')}
        description={t('newsletters.addIntro')}
        back={{ href: '/newsletters', label: t('newsletters.backToList') }}
      />
      <MailNotConfigured />
      <AdminForm
        testId="newsletter-form"
        onSubmit={() => form.submit(createNewsletterInput, editionInput(form.current()), create.mutate)}
        errors={form.errors}
        labels={editionLabels(t)}
        submitLabel={t('newsletters.save')}
        busy={create.isPending}
        notice={form.draftNotice()}
      >
        <EditionFields values={form.values} revision={form.revision} registerLive={form.registerLive} setField={form.change} errors={form.errors} />
      </AdminForm>
    </>
  );
}
