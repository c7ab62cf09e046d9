import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Icon } from './icons.tsx';
import { documentTitle } from '../../lib/head.tsx';

/** The page's heading, its actions, and the browser tab's title. */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { href: string; label: string };
}) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = documentTitle(title, t('panelTitle'), ' · ');
  }, [title, t]);
  return (
    <header className="mb-6">
      {back ? (
        <Link href={back.href} className="mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-plum-700 hover:text-plum-900 hover:underline">
          <Icon name="back" className="size-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
