import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from '../../components/public/link.tsx';
import { useHead } from '../../lib/head.tsx';

/** Any other path. */
export function NotFoundPage() {
  const { t } = useTranslation('public');
  useHead({ title: t('notFound.title'), status: 404 });
  return (
    <div className="mx-auto flex min-h-[55vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center" data-testid="not-found-page">
      <p className="font-serif text-7xl font-bold text-plum-700" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="mt-4 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{t('notFound.text')}</h1>
      <Link href="/" className="mt-8 rounded-md bg-plum-800 px-5 py-2.5 font-semibold text-white hover:bg-plum-900" data-testid="go-home">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
