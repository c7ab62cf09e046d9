import { useTranslation } from '../../../lib/use-translation.ts';
import { CardListPage } from '../../../components/admin/card-list-page.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { AuthorFilter, useAuthorFilter } from '../../../components/admin/editorial/author-filter.tsx';
import { StatusFilter, useStatusFilter, useStatusLabel } from '../../../components/admin/editorial/status-filter.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { itemPathOf } from '../../../../shared/content-kinds.ts';

/** /admin/legal/all. The delete confirmation's wording is the original's, under legal.confirmDelete. */
export function LegalListPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const filter = useStatusFilter();
  const { author, setAuthor } = useAuthorFilter();
  const statusOf = useStatusLabel();
  return (
    <CardListPage
      query={(page) => trpc.legal.adminList.queryOptions({ ...page, status: filter.status, author })}
      toolbar={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <StatusFilter value={filter.value} onChange={filter.setValue} />
          <AuthorFilter value={author} onChange={setAuthor} />
        </div>
      }
      remove={trpc.legal.delete}
      texts="legal"
      section="legal"
      addHref="/legal/add"
      emptyIcon="legal"
      toItem={(item) => ({
        id: item.id,
        title: language === 'fa' ? item.titleFa : item.titleEn,
        description: language === 'fa' ? item.descriptionFa : item.descriptionEn,
        imagePath: item.mediaKind === 'image' ? item.media : null,
        placeholder: item.mediaKind === 'video' || item.videoLink ? 'video' : 'image',
        date: item.createdAt,
        editHref: `/edit/legal/${item.id}`,
        viewHref: item.status === 'published' ? itemPathOf('legal', item, language) : `/preview/legal/${item.id}`,
        status: statusOf(item),
        badge: item.mediaKind === 'video' || (!item.media && item.videoLink) ? t('gallery.kinds.video') : undefined,
      })}
    />
  );
}
