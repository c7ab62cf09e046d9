import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { AdminForm } from './admin-form.tsx';
import { PageHeader } from './page-header.tsx';
import { PreviewLinks, ViewOnSiteLink } from './view-on-site-link.tsx';

interface ItemFormPageProps {
  /** The section's key prefix in admin.json (`legal`, `content.news`). */
  texts: string;
  listPath: string;
  testId: string;
  /** Field names (as errors name them) to the labels the editor sees. */
  labels: Record<string, string>;
  errors: Record<string, string[]>;
  notice: ReactNode;
  busy: boolean;
  onSubmit(): void;
  children: ReactNode;
}

/**
 * The submit button says what the save will do with the chosen status: save a draft, schedule,
 * publish (`publish`, the section's own words on an add page), or save changes to what is already
 * live. Items without a status (gallery) add or save changes.
 */
export function submitKey(status: string | undefined, savedStatus: string | undefined, publish: string): string {
  if (status === 'draft') return 'form.saveDraft';
  if (status === 'scheduled') return 'form.schedule';
  if (status === 'published' && savedStatus !== 'published') return publish;
  return 'form.saveChanges';
}

/** The add page of news, articles, reports, gallery and legal items: the way back, then the form. */
export function AddItemPage({ texts, listPath, children, status, ...form }: ItemFormPageProps & { status?: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t(`${texts}.addTitle`)} description={t(`${texts}.addIntro`)} back={{ href: listPath, label: t(`${texts}.backToList`) }} />
      <AdminForm {...form} submitLabel={t(status ? submitKey(status, undefined, `${texts}.addSubmit`) : `${texts}.addSubmit`)}>
        {children}
      </AdminForm>
    </>
  );
}

/** The edit page of an item: its title (in the panel's language) and its public page, then the form. */
export function EditItemPage({
  texts,
  listPath,
  title,
  publicPath,
  previewPath,
  status,
  savedStatus,
  children,
  ...form
}: ItemFormPageProps & {
  title: string;
  publicPath: string;
  /** Editorial items: their preview, any status. */
  previewPath?: string;
  /** Editorial items: the status chosen in the form, and the one saved now. */
  status?: string;
  savedStatus?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader
        title={t(`${texts}.editTitle`)}
        description={<span dir="auto">{title}</span>}
        back={{ href: listPath, label: t(`${texts}.backToList`) }}
        actions={
          <>
            {previewPath ? <PreviewLinks path={previewPath} /> : null}
            <ViewOnSiteLink href={publicPath} />
          </>
        }
      />
      <AdminForm {...form} submitLabel={t(submitKey(status, savedStatus, 'form.publish'))}>
        {children}
      </AdminForm>
    </>
  );
}
