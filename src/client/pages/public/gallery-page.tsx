import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { ContentImage, ImagePlaceholder } from '../../components/public/content-image.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { Pagination } from '../../components/public/pagination.tsx';
import { EmptyMessage, ErrorMessage } from '../../components/public/state-message.tsx';
import { VideoEmbed } from '../../components/public/video-embed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { GalleryItem } from '../../lib/content.ts';
import { galleryQuery, pagedInput, pageSizes } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const PAGE_SIZE = pageSizes.gallery;

/** The image if there is one, else the video, else "No media available". */
function GalleryMedia({ item }: { item: GalleryItem }) {
  const { t } = useTranslation('public');
  if (item.image) return <ContentImage path={item.image} alt={item.name} width={600} height={450} className="aspect-[4/3] w-full" />;
  if (item.embedUrl) return <VideoEmbed embedUrl={item.embedUrl} title={item.name} className="aspect-[4/3] w-full" />;
  return <ImagePlaceholder className="aspect-[4/3] w-full" label={t('gallery.noMedia')} />;
}

export function GalleryPage() {
  const { t } = useTranslation('public');
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const { page } = pagedInput(params, PAGE_SIZE);
  const query = useQuery({ ...galleryQuery(trpc, params), placeholderData: keepPreviousData });
  useDocumentTitle(t('gallery.title'));

  let body;
  if (query.error) body = <ErrorMessage>{t('gallery.error')}</ErrorMessage>;
  else if (!query.data) body = <Spinner />;
  else if (!query.data.items.length) body = <EmptyMessage>{t('gallery.empty')}</EmptyMessage>;
  else
    body = (
      <>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {query.data.items.map((item) => (
            <li key={item.id}>
              <figure className="overflow-hidden rounded-sm border border-stone-200 bg-white" data-testid="gallery-item">
                <GalleryMedia item={item} />
                <figcaption className="px-4 py-3 font-semibold text-stone-900" data-testid="gallery-name">
                  {item.name}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <Pagination page={page} total={query.data.total} pageSize={PAGE_SIZE} />
      </>
    );

  return (
    <PageFrame>
      <PageHeading title={t('gallery.title')} intro={t('gallery.intro')} />
      {body}
    </PageFrame>
  );
}
