import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { ContentImage, ImagePlaceholder } from '../../components/public/content-image.tsx';
import { PagedGridPage } from '../../components/public/paged-grid-page.tsx';
import { VideoEmbed } from '../../components/public/video-embed.tsx';
import { galleryName, type GalleryItem } from '../../lib/content.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { galleryQuery, pagedInput, pageSizes } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';

const PAGE_SIZE = pageSizes.gallery;

/** The image if there is one, else the video, else "No media available". */
function GalleryMedia({ item, name }: { item: GalleryItem; name: string }) {
  const { t } = useTranslation('public');
  if (item.image) return <ContentImage path={item.image} alt={name} width={600} height={450} className="aspect-[4/3] w-full" />;
  if (item.embedUrl) return <VideoEmbed embedUrl={item.embedUrl} title={name} className="aspect-[4/3] w-full" />;
  return <ImagePlaceholder className="aspect-[4/3] w-full" label={t('gallery.noMedia')} />;
}

export function GalleryPage() {
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const { page } = pagedInput(params, PAGE_SIZE);
  const query = useQuery({ ...galleryQuery(trpc, params), placeholderData: keepPreviousData });
  return (
    <PagedGridPage
      section="gallery"
      query={query}
      page={page}
      pageSize={PAGE_SIZE}
      gridClassName="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      renderItem={(item) => (
        <figure className="overflow-hidden rounded-sm border border-stone-200 bg-white" data-testid="gallery-item">
          <GalleryMedia item={item} name={galleryName(item, language)} />
          <figcaption className="px-4 py-3 font-semibold text-stone-900 wrap-anywhere" data-testid="gallery-name">
            {galleryName(item, language)}
          </figcaption>
        </figure>
      )}
    />
  );
}
