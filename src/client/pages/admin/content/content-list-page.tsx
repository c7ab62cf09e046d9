import { useTranslation } from 'react-i18next';
import { CardListPage } from '../../../components/admin/card-list-page.tsx';
import { contentKinds, useContentApi } from '../../../components/admin/content-kinds.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import type { ContentKind } from '../../../../shared/schemas/content.ts';

/** /admin/news|articles|reports/all: the cards, newest first, with Edit and Delete. */
export function ContentListPage({ kind }: { kind: ContentKind }) {
  const config = contentKinds[kind];
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const api = useContentApi(kind);
  return (
    <CardListPage
      query={(page) => api.list.queryOptions(page)}
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
        viewHref: config.publicPath(item.id),
        badge: item.category ? t(`categories.${item.category}`) : undefined,
      })}
    />
  );
}
