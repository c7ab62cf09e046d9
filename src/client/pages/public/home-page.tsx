import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { ArticlesBlock } from '../../components/public/home/articles-block.tsx';
import { TopNews } from '../../components/public/home/top-news.tsx';
import { TEASER_TITLE_LENGTH } from '../../components/public/content-card.tsx';
import { ContentGrid } from '../../components/public/content-grid.tsx';
import { SectionHeader } from '../../components/public/section-header.tsx';
import { SocialSection } from '../../components/public/social-section.tsx';
import { EmptyMessage, ErrorMessage } from '../../components/public/state-message.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { listPath } from '../../lib/content.ts';
import { splitNews } from '../../lib/home-news.ts';
import { homeQueries } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useHead } from '../../lib/head.tsx';

export function HomePage() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const trpc = useTRPC();
  useHead({ title: null, description: t('footer.mission') });
  // One batched request on a cold start; cached lists afterwards.
  const [topTagged, news, articles, reports] = useQueries({ queries: homeQueries(trpc, language) });

  const failed = [topTagged, news, articles, reports].find((query) => query.error);
  if (failed?.error) return <ErrorMessage error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!topTagged.data || !news.data || !articles.data || !reports.data) return <Spinner fullScreen />;

  const { top, latest } = splitNews(topTagged.data.items, news.data.items);
  const nothing = !top.length && !articles.data.items.length && !reports.data.items.length;

  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="sr-only">{tc('siteName')}</h1>
      {nothing ? <EmptyMessage>{t('home.empty')}</EmptyMessage> : null}
      <TopNews items={top} />
      {latest.length ? (
        <section aria-labelledby="latest-heading" data-testid="latest-news">
          <SectionHeader id="latest-heading" title={t('home.latestNews')} moreHref={listPath.news} />
          <ContentGrid items={latest} titleMax={TEASER_TITLE_LENGTH} />
        </section>
      ) : null}
      {articles.data.items.length ? (
        <section aria-labelledby="articles-heading" data-testid="home-articles">
          <SectionHeader id="articles-heading" title={t('home.articles')} moreHref={listPath.article} />
          <ArticlesBlock items={articles.data.items} />
        </section>
      ) : null}
      {reports.data.items.length ? (
        <section aria-labelledby="reports-heading" data-testid="home-reports">
          <SectionHeader id="reports-heading" title={t('home.reports')} moreHref={listPath.report} />
          <ContentGrid items={reports.data.items.slice(0, 8)} titleMax={TEASER_TITLE_LENGTH} />
        </section>
      ) : null}
      <SocialSection />
    </div>
  );
}
