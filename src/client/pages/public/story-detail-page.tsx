import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { storageUrl } from '../../../shared/image-url.ts';
import { ContentImage, imageSizes } from '../../components/public/content-image.tsx';
import { DateLine } from '../../components/public/date-line.tsx';
import { Prose } from '../../components/public/prose.tsx';
import { BackLink, ErrorMessage, NotFoundState } from '../../components/public/state-message.tsx';
import { StoredVideo } from '../../components/public/video-embed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cachedItem, idFrom, isInOtherLanguage, useItemOrMissing } from '../../lib/cached-item.ts';
import type { PublishedStory } from '../../lib/content.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useHead } from '../../lib/head.tsx';
import { shareImage } from '../../lib/share-image.ts';
import { isolate } from '../../../shared/bidi.ts';

/** One published story, in the words and language its author used. */
export function StoryDetailPage({ id: rawId }: { id: string | undefined }) {
  const { t } = useTranslation('public');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = idFrom(rawId);
  const cached = id ? cachedItem<PublishedStory>(queryClient, trpc.stories.published.pathKey(), id) : undefined;
  const query = useItemOrMissing<PublishedStory>(trpc.stories.publishedById.queryOptions({ id: id ?? 0 }), { enabled: id !== null, cached });
  // A story is shown in its author's language to every reader: never "in the other language".
  const story = isInOtherLanguage(query.data) ? undefined : query.data;
  const missing = !id || query.data === null;
  useHead(
    story
      ? { title: isolate(story.title), description: story.description, image: story.mediaKind === 'image' ? shareImage(story.media) : null, type: 'article' }
      : { title: missing ? t('story.notFound') : t('story.title'), status: missing ? 404 : undefined },
  );

  if (missing) return <NotFoundState message={t('story.notFound')} fallback="/yourStory" />;
  if (query.error) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (!story) return <Spinner fullScreen />;

  const videoSrc = story.mediaKind === 'video' ? storageUrl(story.media) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10" data-testid="detail">
      <BackLink label={t('story.backToStories')} fallback="/yourStory" list />
      <header className="mt-8">
        <p className="mb-3 text-xs font-bold tracking-wide text-plum-700 uppercase">{t('story.kicker')}</p>
        {/* A reader's story keeps its author's language, whatever the interface language. */}
        <h1 dir="auto" className="font-serif text-3xl leading-tight font-bold text-stone-900 [text-wrap:balance] sm:text-4xl" data-testid="detail-title">
          {story.title}
        </h1>
        <p className="mt-4">
          <DateLine date={story.publishedAt ?? story.createdAt} className="text-sm font-semibold text-stone-700" />
        </p>
      </header>
      {story.mediaKind === 'image' ? (
        <figure className="-mx-4 my-8 sm:mx-0">
          <ContentImage path={story.media} alt={story.title} eager sizes={imageSizes.article} className="aspect-[16/9] max-h-[560px] w-full sm:rounded-sm" />
        </figure>
      ) : videoSrc ? (
        <div className="my-8">
          <StoredVideo src={videoSrc} title={story.title} />
        </div>
      ) : (
        <div className="my-8" />
      )}
      <div dir="auto">
        <Prose text={story.description} />
      </div>
    </article>
  );
}
