import { useTranslation } from '../../../lib/use-translation.ts';
import { CardListPage } from '../../../components/admin/card-list-page.tsx';
import { galleryLabel } from '../../../lib/content.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { storageUrl } from '../../../../shared/image-url.ts';

/** /admin/gallery/all: images and videos, each with Edit and Delete. */
export function GalleryListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  return (
    <CardListPage
      query={(page) => trpc.gallery.list.queryOptions(page)}
      remove={trpc.gallery.delete}
      texts="gallery"
      section="gallery"
      addHref="/gallery/add"
      emptyIcon="gallery"
      toItem={(item) => {
        const imageUrl = storageUrl(item.image);
        return {
          id: item.id,
          title: galleryLabel(item, language),
          imagePath: imageUrl ? item.image : null,
          placeholder: 'video',
          date: item.createdAt,
          editHref: `/edit/gallery/${item.id}`,
          viewHref: imageUrl ?? item.videoLink ?? undefined,
          badge: imageUrl ? t('gallery.kinds.image') : t('gallery.kinds.video'),
        };
      }}
    />
  );
}
