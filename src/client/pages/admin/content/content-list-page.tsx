import { useTranslation } from '../../../lib/use-translation.ts';
import { CardListPage } from '../../../components/admin/card-list-page.tsx';
import { contentKinds, useContentApi } from '../../../components/admin/content-kinds.ts';
import { AuthorFilter, useAuthorFilter } from '../../../components/admin/editorial/author-filter.tsx';
import { StatusFilter, useStatusFilter, useStatusLabel } from '../../../components/admin/editorial/status-filter.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import type { ContentKind } from '../../../../shared/schemas/content.ts';

/** /admin/news|articles|reports/all: the cards, newest first, with Edit and Delete. */
export function ContentListPage({ kind }: { kind: ContentKind }) {
  const config = contentKinds[kind];
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(kind);
  const filter = useStatusFilter();
  const { author, setAuthor } = useAuthorFilter();
  const statusOf = useStatusLabel();
  return (
    <CardListPage
      query={(page) => api.adminList.queryOptions({ ...page, status: filter.status, author })}
      toolbar={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <StatusFilter value={filter.value} onChange={filter.setValue} />
          <AuthorFilter value={author} onChange={setAuthor} />
        </div>
      }
      remove={api.delete}
      texts={`content.${config.texts}`}
      section={config.router}
      addHref={config.addPath}
      emptyIcon={kind === 'news' ? 'news' : kind}
      toItem={(item) => ({
        id: item.id,
        title: language === 'fa' ? item.titleFa : item.titleEn,
        description: language === 'fa' ? item.descriptionFa : item.descriptionEn,
        imagePath: item.image,
        date: item.createdAt,
        editHref: config.editPath(item.id),
        viewHref: item.status === 'published' ? config.publicPath(item, language) : config.previewPath(item.id),
        status: statusOf(item),
        badge: item.category ? t(`categories.${item.category}`) : undefined,
      })}
    />
  );
}
