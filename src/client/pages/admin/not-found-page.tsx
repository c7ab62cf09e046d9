import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { buttonClass } from '../../components/admin/button.tsx';
import { PageHeader } from '../../components/admin/page-header.tsx';

/** An /admin address that leads nowhere: said plainly, with the way to the dashboard. */
export function NotFoundPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('notFound.title')} description={t('notFound.text')} />
      <Link href="/home" className={buttonClass('primary')}>
        {t('notFound.toDashboard')}
      </Link>
    </>
  );
}
