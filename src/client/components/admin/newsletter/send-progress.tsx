import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { FactorCard } from '../account/factor-card.tsx';
import { Button } from '../button.tsx';
import { useNotify } from '../use-notify.ts';
import { useRefresh } from '../use-refresh.ts';
import { EditionStateBadge } from './edition-state.tsx';

type Progress = RouterOutputs['newsletters']['progress'];

/** How often the bar asks while mail is leaving: often enough to move, one small query. */
const POLL_MS = 1000;

/**
 * An edition being sent, paused or sent: a bar of what was handled (sent, failed, or skipped
 * because the reader left meanwhile) out of the recipients, the counts, and Pause or Resume.
 * It polls `progress` every second until the edition is sent, then shows the final counts.
 */
export function SendProgress({ id, initial, finishedAt, ratePerMinute }: { id: number; initial: Progress; finishedAt: Date | null; ratePerMinute: number }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...trpc.newsletters.progress.queryOptions({ id }),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'sending' || query.state.data?.state === 'paused' ? POLL_MS : false),
  });
  const data = progress.data;

  // Once the last mail is out, the edition (its finishing time) and the list show it too.
  const lastState = useRef(data.state);
  useEffect(() => {
    if (lastState.current !== data.state && data.state === 'sent') void refresh('newsletters');
    lastState.current = data.state;
  }, [data.state, refresh]);

  // Paused or resumed: the answer is the new progress, shown at once (the polling follows it).
  const changed = (done: string, failed: string) => ({
    onSuccess: (next: Progress) => {
      notify.success(t(done));
      queryClient.setQueryData(trpc.newsletters.progress.queryKey({ id }), next);
    },
    onError: (error: unknown) => notify.failure(t(failed), error),
  });
  const pause = useMutation(trpc.newsletters.pause.mutationOptions(changed('newsletters.progress.paused', 'newsletters.progress.pauseFailed')));
  const resume = useMutation(trpc.newsletters.resume.mutationOptions(changed('newsletters.progress.resumed', 'newsletters.progress.resumeFailed')));

  const number = (value: number) => formatNumber(value, language);
  const handled = data.sent + data.failed + data.skipped;
  const total = Math.max(data.recipients, handled + data.remaining);
  const share = (value: number) => (total ? `${(value / total) * 100}%` : '0%');
  const minutes = Math.ceil(data.remaining / ratePerMinute);
  const status =
    data.state === 'sent'
      ? t('newsletters.progress.doneText', { date: finishedAt ? formatDateTime(finishedAt, language) : '' })
      : data.state === 'paused'
        ? t('newsletters.progress.pausedText')
        : minutes > 1
          ? t('newsletters.progress.eta', { count: minutes, formatted: number(minutes) })
          : t('newsletters.progress.etaSoon');

  return (
    <FactorCard
      icon="newsletter"
      title={t('newsletters.progress.title')}
      description={t('newsletters.progress.hint', { formatted: number(ratePerMinute) })}
      badge={<EditionStateBadge state={data.state} />}
      level={2}
      testId="send-progress"
    >
      <div
        role="progressbar"
        aria-label={t('newsletters.progress.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={handled}
        aria-valuetext={t('newsletters.progress.valueText', { done: number(handled), total: number(total) })}
        data-testid="send-progressbar"
        className="flex h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        {/* The bar's parts grow from the reading start: sent, then failed, then skipped. */}
        <span className="h-full bg-plum-700 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: share(data.sent) }} />
        <span className="h-full bg-red-600 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: share(data.failed) }} />
        <span className="h-full bg-stone-400 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: share(data.skipped) }} />
      </div>
      <p className="mt-2 text-sm text-stone-700" aria-live="polite" data-testid="send-status">
        {status}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="send-counts">
        <Count label={t('newsletters.progress.sent')} value={number(data.sent)} dot="bg-plum-700" testId="count-sent" />
        <Count label={t('newsletters.progress.failed')} value={number(data.failed)} dot="bg-red-600" testId="count-failed" />
        <Count label={t('newsletters.progress.remaining')} value={number(data.remaining)} dot="bg-stone-200 ring-1 ring-stone-300" testId="count-remaining" />
        <Count label={t('newsletters.progress.recipients')} value={number(data.recipients)} testId="count-recipients" />
        {data.skipped ? (
          <Count
            label={t('newsletters.progress.skipped')}
            value={number(data.skipped)}
            dot="bg-stone-400"
            hint={t('newsletters.progress.skippedHint')}
            testId="count-skipped"
          />
        ) : null}
      </dl>
      {data.state === 'sending' || data.state === 'paused' ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
          {data.state === 'sending' ? (
            // Keyed: one button replacing the other must not fade from one look into the other.
            <Button key="pause" busy={pause.isPending} onClick={() => pause.mutate({ id })}>
              {t('newsletters.progress.pause')}
            </Button>
          ) : (
            <Button key="resume" variant="primary" busy={resume.isPending} onClick={() => resume.mutate({ id })}>
              {t('newsletters.progress.resume')}
            </Button>
          )}
        </div>
      ) : null}
    </FactorCard>
  );
}

function Count({ label, value, dot, hint, testId }: { label: string; value: string; dot?: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-lg bg-stone-50 px-3 py-2 ring-1 ring-stone-200" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-stone-600">
        {dot ? <span className={`size-2 rounded-full ${dot}`} aria-hidden="true" /> : null}
        {label}
      </dt>
      <dd className="mt-0.5 text-lg font-semibold text-stone-900 tabular-nums" data-testid="count-value">
        {value}
      </dd>
      {hint ? <dd className="text-xs text-stone-500">{hint}</dd> : null}
    </div>
  );
}
