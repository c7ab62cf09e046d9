import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon, type IconName } from '../icons.tsx';

/**
 * One way of signing in on the security page: what it is, why, whether it is on, and its controls.
 * Other pages' panels look the same (a newsletter's preview, test and sending); `level` is their heading's.
 */
export function FactorCard({
  icon,
  title,
  description,
  badge,
  children,
  testId,
  level = 3,
}: {
  icon: IconName;
  title: string;
  description: string;
  badge?: ReactNode;
  children: ReactNode;
  testId?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" data-testid={testId} aria-label={title}>
      <div className="mb-4 flex gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-plum-50 text-plum-700">
          <Icon name={icon} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <Heading className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
            {title}
            {badge}
          </Heading>
          <p className="mt-1 text-sm leading-6 text-stone-600">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

export function StatusBadge({ on, label }: { on: boolean; label?: string }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${on ? 'bg-green-100 text-green-900' : 'bg-stone-100 text-stone-700'}`}>
      {label ?? t(on ? 'security.on' : 'security.off')}
    </span>
  );
}
