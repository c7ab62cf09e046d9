import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { adminEditPathOf } from '../../../../shared/content-kinds.ts';
import { formatInZone } from '../../../../shared/time-zones.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { preferredTimeZone } from './editorial-values.ts';

/** The dashboard's list of drafts writers sent for review, oldest first: an editor's to read and publish or send back. */
export function InReview() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const waiting = useQuery({ ...trpc.dashboard.inReview.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const zone = preferredTimeZone();
  return (
    <section className="mt-10" aria-labelledby="in-review" data-testid="in-review">
      <h2 id="in-review" className="mb-3 text-lg font-semibold text-stone-900">
        {t('review.title')}
      </h2>
      {waiting.data?.length === 0 ? <p className="text-sm text-stone-600">{t('review.empty')}</p> : null}
      <ul className="grid gap-2">
        {waiting.data?.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-amber-200">
            <Link
              href={item.kind === 'legal' ? `/edit/legal/${item.id}` : adminEditPathOf(item.kind, item.id)}
              className="font-semibold text-plum-800 underline"
              dir="auto"
            >
              {language === 'fa' ? item.titleFa : item.titleEn}
            </Link>{' '}
            <span className="text-stone-600">
              {item.writer ? <bdi>{t('review.by', { name: item.writer })}</bdi> : null}
              {item.reviewRequestedAt ? ` · ${t('review.on', { date: formatInZone(new Date(item.reviewRequestedAt), zone, language) })}` : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
