import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CardListSkeleton } from '../../../components/admin/card-list.tsx';
import { FilterTabs } from '../../../components/admin/filter-tabs.tsx';
import { Icon } from '../../../components/admin/icons.tsx';
import { PagedListPage } from '../../../components/admin/paged-list-page.tsx';
import { Thumbnail } from '../../../components/admin/thumbnail.tsx';
import { useFilterParam } from '../../../components/admin/use-list-params.ts';
import { usePagedList } from '../../../components/admin/use-paged-list.ts';
import { formatKeptDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { excerpt } from '../../../../shared/text.ts';
import { StoryDialog, StoryStatusBadge, type Story } from './story-dialog.tsx';

const filters = ['all', 'pending', 'published'] as const;

/** /admin/stories/all: the stories visitors sent, each opened in a dialog to read and decide on. */
export function StoriesPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [status, setStatus] = useFilterParam('status', filters, 'all');
  const list = usePagedList((page) => trpc.stories.list.queryOptions({ status, ...page }));
  const [open, setOpen] = useState<Story | null>(null);

  return (
    <PagedListPage
      list={list}
      title={t('stories.title')}
      description={t('stories.intro')}
      toolbar={
        <FilterTabs
          label={t('stories.filterLabel')}
          value={status}
          onChange={setStatus}
          options={filters.map((value) => ({ value, label: t(`stories.filters.${value}`) }))}
        />
      }
      searchable
      loading={<CardListSkeleton />}
      empty={{ icon: 'story', text: t('stories.empty') }}
      after={<StoryDialog story={open} onChange={setOpen} onClose={() => setOpen(null)} />}
    >
      {(stories) => (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="story-list">
          {stories.map((story) => {
            return (
              <li key={story.id}>
                <button
                  type="button"
                  onClick={() => setOpen(story)}
                  className="flex h-full w-full flex-col overflow-hidden rounded-xl bg-white text-start shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-plum-300"
                  data-testid="story-card"
                >
                  <div className="relative grid aspect-[16/9] w-full place-items-center bg-stone-100 text-stone-400">
                    {story.media && story.mediaKind === 'image' ? (
                      <Thumbnail path={story.media} hidden />
                    ) : (
                      <Icon name={story.mediaKind === 'video' ? 'video' : 'story'} className="size-10" />
                    )}
                  </div>
                  <div className="flex flex-1 flex-col gap-1.5 p-4">
                    <span className="font-semibold leading-snug text-stone-900" dir="auto">
                      {excerpt(story.title, 60)}
                    </span>
                    <span className="text-sm leading-relaxed text-stone-600" dir="auto">
                      {excerpt(story.description, 120)}
                    </span>
                    <span className="mt-auto flex items-center justify-between gap-2 pt-2 text-xs text-stone-500">
                      <StoryStatusBadge status={story.status} />
                      {formatKeptDate(story.createdAt, language)}
                    </span>
                  </div>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </PagedListPage>
  );
}
