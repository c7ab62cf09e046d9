import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from '../../components/public/link.tsx';
import { CheckIcon } from '../../components/public/icons.tsx';
import { PageFrame } from '../../components/public/page-heading.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AboutPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('about.title'));
  const topics = t('about.coverItems', { returnObjects: true }) as string[];
  return (
    <PageFrame narrow>
      <header className="border-t-4 border-plum-800 pt-4">
        <h1 className="font-serif text-4xl font-bold text-stone-900 sm:text-5xl" data-testid="page-title">
          {t('about.title')}
        </h1>
        <p className="mt-4 font-serif text-xl leading-relaxed text-plum-800 sm:text-2xl" data-testid="about-header">
          {t('about.header')}
        </p>
      </header>
      <p className="mt-8 text-lg leading-8 text-stone-800">{t('about.details')}</p>

      <section aria-labelledby="cover-heading" className="mt-12">
        <h2 id="cover-heading" className="mb-4 font-serif text-2xl font-bold">
          {t('about.coverTitle')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {topics.map((topic) => (
            <li key={topic} className="flex gap-3 rounded-sm border border-stone-200 bg-white p-4 leading-relaxed text-stone-800">
              <CheckIcon size={20} className="mt-0.5 shrink-0 text-plum-700" />
              {topic}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="join-heading" className="on-dark mt-12 rounded-sm bg-plum-900 p-6 text-white sm:p-8">
        <h2 id="join-heading" className="font-serif text-2xl font-bold">
          {t('about.joinTitle')}
        </h2>
        <p className="mt-3 leading-relaxed text-plum-100">{t('about.joinText')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/yourStory" className="rounded-md bg-white px-4 py-2 font-semibold text-plum-900 hover:bg-plum-100">
            {t('about.shareStory')}
          </Link>
          <Link href="/contact" className="rounded-md border border-white/60 px-4 py-2 font-semibold text-white hover:bg-white/10">
            {t('about.contactUs')}
          </Link>
        </div>
      </section>
    </PageFrame>
  );
}
