import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { useSearchParams } from 'wouter';
import { CategoryFilter } from '../../components/public/category-filter.tsx';
import { LeadStory } from '../../components/public/content-card.tsx';
import { ContentGrid } from '../../components/public/content-grid.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { Pagination } from '../../components/public/pagination.tsx';
import { SideList } from '../../components/public/side-list.tsx';
import { EmptyMessage, ErrorMessage } from '../../components/public/state-message.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { LIST_PAGE_SIZE, type ContentKind } from '../../lib/content.ts';
import { contentListInput, contentListQuery } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useHead } from '../../lib/head.tsx';

/** News, articles or reports: heading, category filter, featured item with a side list, grid, pagination. */
export function ContentListPage({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const { page, category, country } = contentListInput(params);
  const { language } = useLanguage();
  const trpc = useTRPC();
  // The previous page stays on screen while the next one loads, instead of a blank spinner.
  const query = useQuery({ ...contentListQuery(trpc, kind, params, language), placeholderData: keepPreviousData });
  const title = t(`list.${kind}.title`);
  useHead({ title, description: t(`list.${kind}.intro`) });

  const filters = [category ? t(`categories.${category}`) : null, country ? t(`countries.${country}`) : null].filter(Boolean).join(' · ');
  let body;
  if (query.error) body = <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Spinner />;
  else if (!query.data.items.length) body = <EmptyMessage>{t(`list.${kind}.empty`)}</EmptyMessage>;
  else {
    const [featured, ...rest] = query.data.items;
    body = (
      <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isPlaceholderData}>
        <div className="grid gap-8 lg:grid-cols-3 lg:gap-10">
          <div className="lg:col-span-2" data-testid="featured">
            {featured ? <LeadStory item={featured} as="h2" /> : null}
          </div>
          <SideList kind={kind} />
        </div>
        {rest.length ? (
          <section aria-labelledby="more-heading" className="mt-14">
            <h2 id="more-heading" className="mb-6 border-t-4 border-plum-800 pt-3 font-serif text-2xl font-bold">
              {t(`list.${kind}.more`)}
            </h2>
            <ContentGrid items={rest} />
          </section>
        ) : null}
        <Pagination page={page} total={query.data.total} pageSize={LIST_PAGE_SIZE} />
      </div>
    );
  }

  return (
    <PageFrame>
      <PageHeading title={title} intro={t(`list.${kind}.intro`)} kicker={filters || undefined} />
      <CategoryFilter current={category} />
      {body}
    </PageFrame>
  );
}
