import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { privateMediaUrl, storageUrl } from '../../../shared/image-url.ts';
import { ContentImage, imageSizes, MediaSideContext } from '../../components/public/content-image.tsx';
import { Byline } from '../../components/public/byline.tsx';
import { DateLine } from '../../components/public/date-line.tsx';
import { PreviewBanner } from '../../components/public/preview-banner.tsx';
import { CoverCaption, RichBody } from '../../components/public/rich-body.tsx';
import { BackLink, ErrorMessage, NotFoundState, NotInLanguage } from '../../components/public/state-message.tsx';
import { isInLanguage, languagesOfItem } from '../../../shared/item-languages.ts';
import { otherLanguage } from '../../../shared/locale.ts';
import { StoredVideo, VideoEmbed } from '../../components/public/video-embed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cachedItem, isInOtherLanguage, useItemOrMissing } from '../../lib/cached-item.ts';
import { itemPathsOf } from '../../../shared/content-kinds.ts';
import { idOfSegment } from '../../../shared/slugs.ts';
import { localized, type LegalItem } from '../../lib/content.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useHead } from '../../lib/head.tsx';
import { shareImage } from '../../lib/share-image.ts';
import { useLanguage } from '../../lib/use-language.ts';

/**
 * Title, date, media and body; "Legal awareness not found." or "Something went wrong" otherwise. As a
 * preview (editors only, any status) it is the same page, marked as a preview.
 */
export function LegalDetailPage({ id: rawId, preview = false }: { id: string | undefined; preview?: boolean }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // `123` or `123-any-slug`: the id finds the item, whatever slug the address carries.
  const id = idOfSegment(rawId);
  const cached = id && !preview ? cachedItem<LegalItem>(queryClient, trpc.legal.list.pathKey(), id) : undefined;
  const options = preview ? trpc.legal.adminById.queryOptions({ id: id ?? 0 }) : trpc.legal.byId.queryOptions({ id: id ?? 0, language });
  const query = useItemOrMissing<LegalItem>(options, { enabled: id !== null, cached });
  const item = isInOtherLanguage(query.data) ? undefined : query.data;
  // A preview opened without an editor's session is refused: to the visitor it does not exist.
  const missing = !id || query.data === null || (preview && query.isError);
  // Written only in the other language: this language has no such page.
  const elsewhere = isInOtherLanguage(query.data) || (item && !isInLanguage(item, language)) ? otherLanguage(language) : undefined;
  useHead(
    elsewhere
      ? { title: t('detail.notInLanguage'), status: 404, noindex: true }
      : item
        ? {
            title: localized(item, language).title,
            description: localized(item, language).description,
            summary: language === 'fa' ? item.summaryFa : item.summaryEn,
            // Its canonical address in each language (never a preview's).
            paths: preview ? null : itemPathsOf('legal', item),
            image: item.mediaKind === 'image' ? shareImage(item.media) : null,
            imageAlt: language === 'fa' ? item.coverAltFa : item.coverAltEn,
            type: 'article',
            author: (language === 'fa' ? item.bylineFa : item.bylineEn) ?? t('common:siteName'),
            languages: languagesOfItem(item),
          }
        : { title: missing ? t('legal.notFound') : t('legal.title'), status: missing ? 404 : undefined },
  );

  if (missing) return <NotFoundState message={t('legal.notFound')} fallback="/legal-awareness" />;
  if (elsewhere) return <NotInLanguage other={elsewhere} fallback="/legal-awareness" />;
  if (query.error) return <ErrorMessage title={t('legal.error')} error={query.error} onRetry={() => void query.refetch()} />;
  if (!item) return <Spinner fullScreen />;

  const { title } = localized(item, language);
  const fa = language === 'fa';
  const credit = fa ? item.coverCreditFa : item.coverCredit;
  const videoSrc = item.mediaKind === 'video' ? (preview ? privateMediaUrl : storageUrl)(item.media) : null;
  return (
    // A preview's item may be unpublished: its files are asked for on the editors' path.
    <MediaSideContext value={preview ? 'private' : 'public'}>
      {preview ? <PreviewBanner /> : null}
      <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10" data-testid="detail">
        <BackLink label={t('legal.backToList')} fallback="/legal-awareness" list />
        <header className="mt-8">
          <p className="mb-3 text-xs font-bold tracking-wide text-plum-700 uppercase">{t('legal.title')}</p>
          <h1 className="font-serif text-3xl leading-tight font-bold text-stone-900 [text-wrap:balance] sm:text-4xl" data-testid="detail-title">
            {title}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
            <Byline item={item} />
            <span aria-hidden="true">·</span>
            <DateLine date={item.createdAt} className="text-stone-700" />
          </p>
        </header>
        <figure className="-mx-4 my-8 sm:mx-0">
          {item.mediaKind === 'image' && item.media ? (
            <ContentImage
              path={item.media}
              alt={fa ? item.coverAltFa : item.coverAltEn}
              eager
              sizes={imageSizes.article}
              className="aspect-[16/9] max-h-[560px] w-full sm:rounded-sm"
            />
          ) : videoSrc ? (
            <StoredVideo src={videoSrc} title={title} />
          ) : item.embedUrl ? (
            <VideoEmbed embedUrl={item.embedUrl} title={title} />
          ) : null}
          <CoverCaption caption={fa ? item.coverCaptionFa : item.coverCaptionEn} credit={credit} creditLabel={t('detail.credit', { name: credit })} />
        </figure>
        {query.isPlaceholderData ? <Spinner /> : <RichBody segments={fa ? item.renderedFa : item.renderedEn} title={title} />}
        {item.embedUrl && item.mediaKind ? (
          <div className="mt-10">
            <VideoEmbed embedUrl={item.embedUrl} title={title} />
          </div>
        ) : null}
      </article>
    </MediaSideContext>
  );
}
