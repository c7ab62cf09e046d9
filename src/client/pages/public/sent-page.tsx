import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from '../../components/public/link.tsx';
import { formActions, isFormName } from '../../../shared/form-posts.ts';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * Where a form posted without JavaScript lands once it is stored (post/redirect/get): the address
 * names only the form, so a reload sends nothing again and nothing typed reaches the history.
 */
export function SentPage({ form }: { form: string | undefined }) {
  if (!isFormName(form)) return <NotFoundPage />;
  return <Sent form={form} />;
}

function Sent({ form }: { form: 'story' | 'contact' | 'newsletter' }) {
  const { t } = useTranslation('public');
  useDocumentTitle(t(`sent.${form}.title`));
  const back = form === 'newsletter' ? null : { href: formActions[form], label: t(form === 'story' ? 'nav.yourStory' : 'nav.contact') };
  return (
    <PageFrame narrow>
      <div data-testid="sent-page">
        <PageHeading title={t(`sent.${form}.title`)} intro={t(`sent.${form}.text`)} />
      </div>
      <p className="flex flex-wrap gap-4">
        <Link href="/" className="rounded-md bg-plum-800 px-5 py-2.5 font-semibold text-white hover:bg-plum-900">
          {t('sent.home')}
        </Link>
        {back ? (
          <Link href={back.href} className="rounded-md px-5 py-2.5 font-semibold text-plum-800 ring-1 ring-plum-300 hover:bg-plum-50">
            {back.label}
          </Link>
        ) : null}
      </p>
    </PageFrame>
  );
}
