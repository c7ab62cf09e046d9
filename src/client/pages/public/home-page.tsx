import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArticlesBlock } from '../../components/public/home/articles-block.tsx';
import { TopNews } from '../../components/public/home/top-news.tsx';
import { TEASER_TITLE_LENGTH } from '../../components/public/content-card.tsx';
import { ContentGrid } from '../../components/public/content-grid.tsx';
import { SectionHeader } from '../../components/public/section-header.tsx';
import { SocialSection } from '../../components/public/social-section.tsx';
import { EmptyMessage, ErrorMessage } from '../../components/public/state-message.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { listPath, type ContentItem } from '../../lib/content.ts';
import { homeQueries } from '../../lib/public-queries.ts';
import { errorMessageOf, useTRPC } from '../../lib/trpc.ts';
import { useHead } from '../../lib/head.tsx';

/**
 * Top news are the items tagged `top`; a site that tags none shows its newest news there instead.
 * Latest news then skips what top news already shows, unless that would leave it empty.
 */
export function splitNews(topTagged: ContentItem[], newest: ContentItem[]) {
  const top = (topTagged.length ? topTagged : newest).slice(0, 10);
  const shown = new Set(top.map((item) => item.id));
  const unseen = newest.filter((item) => !shown.has(item.id));
  return { top, latest: (unseen.length ? unseen : newest).slice(0, 8) };
}

export function HomePage() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const trpc = useTRPC();
  useHead({ title: null, description: t('footer.mission') });
  // One batched request on a cold start; cached lists afterwards.
  const [topTagged, news, articles, reports] = useQueries({ queries: homeQueries(trpc) });

  const failed = [topTagged, news, articles, reports].find((query) => query.error);
  if (failed?.error) return <ErrorMessage>{tc('error') + errorMessageOf(failed.error, tc('unknownError'))}</ErrorMessage>;
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
