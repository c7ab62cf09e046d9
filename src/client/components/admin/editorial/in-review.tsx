import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatInZone } from '../../../../shared/time-zones.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { DashboardItems } from './dashboard-items.tsx';
import { preferredTimeZone } from './editorial-values.ts';

/** The dashboard's list of drafts writers sent for review, oldest first: an editor's to read and publish or send back. */
export function InReview() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const waiting = useQuery({ ...trpc.dashboard.inReview.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const zone = preferredTimeZone();
  return (
    <DashboardItems
      id="in-review"
      title={t('review.title')}
      empty={t('review.empty')}
      items={waiting.data}
      ringClass="ring-amber-200"
      detail={(item) => (
        <>
          {item.writer ? <bdi>{t('review.by', { name: item.writer })}</bdi> : null}
          {item.reviewRequestedAt ? ` · ${t('review.on', { date: formatInZone(new Date(item.reviewRequestedAt), zone, language) })}` : null}
        </>
      )}
    />
  );
}
