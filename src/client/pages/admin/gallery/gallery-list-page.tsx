import { useTranslation } from 'react-i18next';
import { CardListPage } from '../../../components/admin/card-list-page.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { storageUrl } from '../../../../shared/image-url.ts';

/** /admin/gallery/all: images and videos, with Delete only (an item is replaced, not edited). */
export function GalleryListPage() {
  const { t } = useTranslation('admin');
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
          title: item.name,
          imagePath: imageUrl ? item.image : null,
          placeholder: 'video',
          date: item.createdAt,
          viewHref: imageUrl ?? item.videoLink ?? undefined,
          badge: imageUrl ? t('gallery.kinds.image') : t('gallery.kinds.video'),
        };
      }}
    />
  );
}
