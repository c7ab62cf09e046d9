import { useTranslation } from '../../../lib/use-translation.ts';
import { publicationStatuses, type PublicationStatus } from '../../../../shared/schemas/editorial.ts';
import { formatInZone } from '../../../../shared/time-zones.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import type { CardListItem } from '../card-list.tsx';
import { FilterTabs } from '../filter-tabs.tsx';
import { useFilterParam } from '../use-list-params.ts';
import { preferredTimeZone } from './editorial-values.ts';

const filters = ['all', ...publicationStatuses] as const;
type StatusFilterValue = (typeof filters)[number];

/** The status an editorial list shows, kept in the address (?status=draft); `undefined` for all. */
export function useStatusFilter() {
  const [value, setValue] = useFilterParam<StatusFilterValue>('status', filters, 'all');
  return { value, setValue, status: value === 'all' ? undefined : (value as PublicationStatus) };
}

export function StatusFilter({ value, onChange }: { value: StatusFilterValue; onChange(value: StatusFilterValue): void }) {
  const { t } = useTranslation('admin');
  return (
    <FilterTabs
      label={t('publication.filter')}
      value={value}
      onChange={onChange}
      options={filters.map((filter) => ({ value: filter, label: t(filter === 'all' ? 'publication.allStatuses' : `publication.${filter}`) }))}
    />
  );
}

/** A card's status pill: a scheduled item says when it goes live, in the editor's zone and calendar. */
export function useStatusLabel() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const zone = preferredTimeZone();
  return (item: { status: PublicationStatus; publishAt: Date | null }): CardListItem['status'] => ({
    tone: item.status,
    label:
      item.status === 'scheduled' && item.publishAt
        ? t('publication.willPublish', { date: formatInZone(new Date(item.publishAt), zone, language) })
        : t(`publication.${item.status}`),
  });
}
