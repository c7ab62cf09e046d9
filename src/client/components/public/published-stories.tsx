import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSearchParams } from 'wouter';
import { Link } from './link.tsx';
import { excerpt } from '../../../shared/text.ts';
import type { PublishedStory } from '../../lib/content.ts';
import { pagedInput, pageSizes, publishedStoriesQuery } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ContentImage } from './content-image.tsx';
import { DateLine } from './date-line.tsx';
import { Pagination } from './pagination.tsx';
import { EmptyMessage } from './state-message.tsx';

const PAGE_SIZE = pageSizes.stories;

function StoryCard({ story }: { story: PublishedStory }) {
  const { t } = useTranslation('public');
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-sm border border-stone-200 bg-white shadow-sm" data-testid="story-card">
      {story.mediaKind === 'image' ? <ContentImage path={story.media} alt={story.title} width={640} height={360} /> : null}
      <div className="flex flex-1 flex-col p-5">
        {story.mediaKind !== 'image' ? (
          <p className="mb-2 font-serif text-5xl leading-none text-plum-500" aria-hidden="true">
            “
          </p>
        ) : null}
        {story.mediaKind === 'video' ? <p className="mb-2 text-xs font-bold tracking-wide text-plum-700 uppercase">{t('story.hasVideo')}</p> : null}
        {/* Readers write in either language: each text keeps its own direction. */}
        <h3 dir="auto" className="font-serif text-lg leading-snug font-bold">
          <Link href={`/stories/${story.id}`} className="after:absolute after:inset-0 hover:text-plum-800 hover:underline" data-testid="story-title">
            {story.title}
          </Link>
        </h3>
        <p dir="auto" className="mt-2 flex-1 text-sm leading-relaxed text-stone-700">
          {excerpt(story.description, 180)}
        </p>
        <DateLine date={story.publishedAt ?? story.createdAt} className="mt-4 text-xs text-stone-600" />
      </div>
    </article>
  );
}

/** The stories editors have published, newest first, below the submission form. */
export function PublishedStories() {
  const { t } = useTranslation('public');
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const { page } = pagedInput(params, PAGE_SIZE);
  const query = useQuery({ ...publishedStoriesQuery(trpc, params), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="stories-heading" className="mt-20" data-testid="published-stories">
      <h2 id="stories-heading" className="mb-2 border-t-4 border-plum-800 pt-3 font-serif text-2xl font-bold sm:text-3xl">
        {t('story.publishedTitle')}
      </h2>
      <p className="mb-8 max-w-2xl text-stone-700">{t('story.publishedIntro')}</p>
      {query.error ? (
        <p role="alert" className="text-red-900">
          {t('story.publishedError')}
        </p>
      ) : !query.data ? (
        <Spinner />
      ) : !query.data.items.length ? (
        <EmptyMessage>{t('story.publishedEmpty')}</EmptyMessage>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.items.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={query.data.total} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
