import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatInZone } from '../../../../shared/time-zones.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { DashboardItems } from './dashboard-items.tsx';
import { preferredTimeZone } from './editorial-values.ts';

/** The dashboard's list of what goes live next, soonest first, in the editor's zone and calendar. */
export function ScheduledNext() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const scheduled = useQuery({ ...trpc.dashboard.scheduled.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const zone = preferredTimeZone();
  return (
    <DashboardItems
      id="scheduled-next"
      title={t('publication.scheduledNext')}
      empty={t('publication.nothingScheduled')}
      items={scheduled.data}
      ringClass="ring-stone-200"
      detail={(item) => (item.publishAt ? formatInZone(new Date(item.publishAt), zone, language) : null)}
    />
  );
}
