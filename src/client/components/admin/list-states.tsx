import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { errorMessageOf } from '../../lib/trpc.ts';
import { Button } from './button.tsx';
import { Icon, type IconName } from './icons.tsx';

export function EmptyState({ icon = 'inbox', text, action }: { icon?: IconName; text: ReactNode; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center"
      data-testid="empty-state"
    >
      <span className="rounded-full bg-plum-50 p-3 text-plum-700">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="text-sm font-medium text-stone-700">{text}</p>
      {action}
    </div>
  );
}

/** "Error: " plus the message, as the original panel said it, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-900">
      <p className="min-w-0 flex-1">
        {t('common:error')}
        {errorMessageOf(error, t)}
      </p>
      <Button size="sm" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
