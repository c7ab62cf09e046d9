import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { adminEditPathOf } from '../../../../shared/content-kinds.ts';
import { formatInZone } from '../../../../shared/time-zones.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { preferredTimeZone } from './editorial-values.ts';

/** The dashboard's list of what goes live next, soonest first, in the editor's zone and calendar. */
export function ScheduledNext() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const scheduled = useQuery({ ...trpc.dashboard.scheduled.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const zone = preferredTimeZone();
  return (
    <section className="mt-10" aria-labelledby="scheduled-next" data-testid="scheduled-next">
      <h2 id="scheduled-next" className="mb-3 text-lg font-semibold text-stone-900">
        {t('publication.scheduledNext')}
      </h2>
      {scheduled.data?.length === 0 ? <p className="text-sm text-stone-600">{t('publication.nothingScheduled')}</p> : null}
      <ul className="grid gap-2">
        {scheduled.data?.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-stone-200">
            <Link
              href={item.kind === 'legal' ? `/edit/legal/${item.id}` : adminEditPathOf(item.kind, item.id)}
              className="font-semibold text-plum-800 underline"
              dir="auto"
            >
              {language === 'fa' ? item.titleFa : item.titleEn}
            </Link>{' '}
            <span className="text-stone-600">{item.publishAt ? formatInZone(new Date(item.publishAt), zone, language) : null}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
