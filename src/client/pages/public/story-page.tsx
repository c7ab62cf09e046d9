import { useTranslation } from '../../lib/use-translation.ts';
import { StoryForm } from '../../components/public/forms/story-form.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { PublishedStories } from '../../components/public/published-stories.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLanguage } from '../../lib/use-language.ts';

export function StoryPage() {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  useDocumentTitle(t('story.title'));
  const steps = t('story.steps', { returnObjects: true }) as string[];
  return (
    <PageFrame>
      <PageHeading title={t('story.title')} intro={t('story.intro')} />
      <div className="grid gap-10 lg:grid-cols-[2fr_1fr] lg:gap-16">
        <section className="rounded-sm border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="story-form-heading" className="mb-6 font-serif text-2xl font-bold">
            {t('story.formTitle')}
          </h2>
          <StoryForm />
        </section>
        <aside aria-labelledby="story-steps-heading">
          <h2 id="story-steps-heading" className="mb-4 font-serif text-xl font-bold">
            {t('story.stepsTitle')}
          </h2>
          <ol className="space-y-4">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3 leading-relaxed text-stone-700">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-plum-800 text-sm font-bold text-white" aria-hidden="true">
                  {formatNumber(index + 1, language)}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
      <PublishedStories />
    </PageFrame>
  );
}
