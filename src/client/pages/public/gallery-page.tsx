import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSearchParams } from 'wouter';
import { ContentImage, ImagePlaceholder } from '../../components/public/content-image.tsx';
import { PagedGridPage } from '../../components/public/paged-grid-page.tsx';
import { VideoEmbed } from '../../components/public/video-embed.tsx';
import { galleryName, type GalleryItem } from '../../lib/content.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { galleryQuery, pagedInput, pageSizes } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';

const PAGE_SIZE = pageSizes.gallery;

/** The image if there is one (described in the reader's language, else by its name), else the video, else "No media available". */
function GalleryMedia({ item, name, alt }: { item: GalleryItem; name: string; alt: string | null }) {
  const { t } = useTranslation('public');
  if (item.image) return <ContentImage path={item.image} alt={alt || name} width={600} height={450} className="aspect-[4/3] w-full" />;
  if (item.embedUrl) return <VideoEmbed embedUrl={item.embedUrl} title={name} className="aspect-[4/3] w-full" />;
  return <ImagePlaceholder className="aspect-[4/3] w-full" label={t('gallery.noMedia')} />;
}

export function GalleryPage() {
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const { page } = pagedInput(params, PAGE_SIZE);
  const query = useQuery({ ...galleryQuery(trpc, params, language), placeholderData: keepPreviousData });
  return (
    <PagedGridPage
      section="gallery"
      query={query}
      page={page}
      pageSize={PAGE_SIZE}
      gridClassName="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      renderItem={(item) => {
        const fa = language === 'fa';
        const caption = fa ? item.captionFa : item.captionEn;
        return (
          <figure className="overflow-hidden rounded-sm border border-stone-200 bg-white" data-testid="gallery-item">
            <GalleryMedia item={item} name={galleryName(item, language)} alt={fa ? item.altFa : item.altEn} />
            <figcaption className="px-4 py-3">
              <span className="block font-semibold text-stone-900 wrap-anywhere" data-testid="gallery-name">
                {galleryName(item, language)}
              </span>
              {caption ? (
                <span className="mt-1 block text-sm leading-relaxed text-stone-600 wrap-anywhere" data-testid="gallery-caption">
                  {caption}
                </span>
              ) : null}
            </figcaption>
          </figure>
        );
      }}
    />
  );
}
