import { useTranslation } from '../../../lib/use-translation.ts';
import type { RouterOutputs } from '../../../lib/trpc.ts';

export type EditionState = RouterOutputs['newsletters']['progress']['state'];

const styles: Record<EditionState, string> = {
  draft: 'bg-stone-100 text-stone-700 ring-stone-200',
  sending: 'bg-sky-50 text-sky-900 ring-sky-200',
  paused: 'bg-amber-50 text-amber-900 ring-amber-200',
  sent: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
};

/** Draft, sending, paused or sent, as the subscribers' states are shown. */
export function EditionStateBadge({ state }: { state: EditionState }) {
  const { t } = useTranslation('admin');
  return (
    <span
      data-testid="edition-state"
      data-state={state}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${styles[state]}`}
    >
      {state === 'sending' ? <span className="size-1.5 rounded-full bg-sky-600" aria-hidden="true" /> : null}
      {t(`newsletters.states.${state}`)}
    </span>
  );
}
