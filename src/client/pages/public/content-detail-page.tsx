import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { videoEmbedUrl } from '../../../shared/video-links.ts';
import { CategoryLabel } from '../../components/public/category-label.tsx';
import { ContentImage, imageSizes, MediaSideContext } from '../../components/public/content-image.tsx';
import { Byline } from '../../components/public/byline.tsx';
import { DateLine } from '../../components/public/date-line.tsx';
import { MoreFromSection } from '../../components/public/more-from-section.tsx';
import { CoverCaption, RichBody } from '../../components/public/rich-body.tsx';
import { PreviewBanner } from '../../components/public/preview-banner.tsx';
import { BackLink, ErrorMessage, NotFoundState, NotInLanguage } from '../../components/public/state-message.tsx';
import { isInLanguage, languagesOfItem } from '../../../shared/item-languages.ts';
import { otherLanguage } from '../../../shared/locale.ts';
import { VideoEmbed } from '../../components/public/video-embed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cachedItem, isInOtherLanguage, useItemOrMissing } from '../../lib/cached-item.ts';
import { itemPathsOf } from '../../../shared/content-kinds.ts';
import { idOfSegment } from '../../../shared/slugs.ts';
import { listPath, localized, type ContentItem, type ContentKind } from '../../lib/content.ts';
import { useContentRouter } from '../../lib/use-content-router.ts';
import { useHead } from '../../lib/head.tsx';
import { shareImage } from '../../lib/share-image.ts';
import { useLanguage } from '../../lib/use-language.ts';

/**
 * A news item, article or report; "News not found." (and the same for articles and reports) when
 * it is missing. As a preview (editors only, any status) it is the same page, marked as a preview.
 */
export function ContentDetailPage({ kind, id: rawId, preview = false }: { kind: ContentKind; id: string | undefined; preview?: boolean }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const router = useContentRouter(kind);
  // `123` or `123-any-slug`: the id finds the item, whatever slug the address carries.
  const id = idOfSegment(rawId);
  const cached = id && !preview ? cachedItem<ContentItem>(queryClient, router.list.pathKey(), id) : undefined;
  const query = useItemOrMissing<ContentItem>(preview ? router.adminById.queryOptions({ id: id ?? 0 }) : router.byId.queryOptions({ id: id ?? 0, language }), {
    enabled: id !== null,
    cached,
  });
  const item = isInOtherLanguage(query.data) ? undefined : query.data;
  // A preview opened without an editor's session is refused: to the visitor it does not exist.
  const missing = !id || query.data === null || (preview && query.isError);
  // Written only in the other language: this language has no such page.
  // (A preview gets the item whatever its languages; readers get only the answer that it is elsewhere.)
  const elsewhere = isInOtherLanguage(query.data) || (item && !isInLanguage(item, language)) ? otherLanguage(language) : undefined;
  // One head for the page: title, preview text and picture for shared links, 404 when missing.
  useHead(
    elsewhere
      ? { title: t('detail.notInLanguage'), status: 404, noindex: true }
      : item
        ? {
            title: localized(item, language).title,
            description: localized(item, language).description,
            summary: language === 'fa' ? item.summaryFa : item.summaryEn,
            // Its canonical address in each language (never a preview's).
            paths: preview ? null : itemPathsOf(kind, item),
            image: shareImage(item.image),
            imageAlt: language === 'fa' ? item.coverAltFa : item.coverAltEn,
            type: 'article',
            author: (language === 'fa' ? item.bylineFa : item.bylineEn) ?? t('common:siteName'),
            languages: languagesOfItem(item),
          }
        : { title: missing ? t(`detail.notFound.${kind}`) : null, status: missing ? 404 : undefined },
  );

  if (missing) return <NotFoundState message={t(`detail.notFound.${kind}`)} fallback={listPath[kind]} />;
  if (elsewhere) return <NotInLanguage other={elsewhere} fallback={listPath[kind]} />;
  if (query.error) return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (!item) return <Spinner fullScreen />;

  const { title } = localized(item, language);
  const fa = language === 'fa';
  const credit = fa ? item.coverCreditFa : item.coverCredit;
  const media = item.media[0];
  const embedUrl = videoEmbedUrl(media?.link);
  // Each language's own words only: a video title written in Persian alone shows nothing in English.
  const mediaTitle = media ? (fa ? media.titleFa : media.titleEn) : null;
  const mediaText = media ? (fa ? media.descriptionFa : media.descriptionEn) : null;

  return (
    // A preview's item may be unpublished: its files are asked for on the editors' path.
    <MediaSideContext value={preview ? 'private' : 'public'}>
      {preview ? <PreviewBanner /> : null}
      <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10" data-testid="detail">
        <BackLink label={t(`detail.backTo.${kind}`)} fallback={listPath[kind]} list />
        <header className="mt-8">
          <CategoryLabel category={item.category} country={item.country} className="mb-3" />
          <h1 className="font-serif text-3xl leading-tight font-bold text-stone-900 [text-wrap:balance] sm:text-4xl lg:text-5xl" data-testid="detail-title">
            {title}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
            <Byline item={item} />
            <span aria-hidden="true">·</span>
            <DateLine date={item.createdAt} className="text-stone-700" />
          </p>
        </header>
        <figure className="-mx-4 my-8 sm:mx-0">
          <ContentImage
            path={item.image}
            alt={fa ? item.coverAltFa : item.coverAltEn}
            width={1200}
            height={675}
            eager
            sizes={imageSizes.article}
            className="aspect-[16/9] max-h-[560px] w-full sm:rounded-sm"
          />
          <CoverCaption caption={fa ? item.coverCaptionFa : item.coverCaptionEn} credit={credit} creditLabel={t('detail.credit', { name: credit })} />
        </figure>
        {/* A list's excerpt stands in for the text only until the whole item is here. */}
        {query.isPlaceholderData ? <Spinner /> : <RichBody segments={fa ? item.renderedFa : item.renderedEn} title={title} />}
        {embedUrl ? (
          <section aria-labelledby="video-heading" className="mt-12 border-t border-stone-200 pt-8" data-testid="detail-video">
            <h2 id="video-heading" className="mb-4 font-serif text-xl font-bold">
              {mediaTitle || t('detail.video')}
            </h2>
            <VideoEmbed embedUrl={embedUrl} title={mediaTitle || title} />
            {mediaText ? <p className="mt-3 text-stone-700">{mediaText}</p> : null}
          </section>
        ) : null}
      </article>
      {preview ? null : <MoreFromSection kind={kind} excludeId={item.id} />}
    </MediaSideContext>
  );
}
