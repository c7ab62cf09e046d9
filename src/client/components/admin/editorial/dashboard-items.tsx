import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { adminEditPathOf, type ContentKind } from '../../../../shared/content-kinds.ts';
import { useLanguage } from '../../../lib/use-language.ts';

interface DashboardItem {
  id: number;
  kind: ContentKind | 'legal';
  titleEn: string;
  titleFa: string;
}

/** A dashboard section listing items, each linked to its edit page and followed by what `detail` says of it. */
export function DashboardItems<Item extends DashboardItem>({
  id,
  title,
  empty,
  items,
  detail,
  ringClass,
}: {
  id: string;
  title: string;
  empty: string;
  items: Item[] | undefined;
  detail(item: Item): ReactNode;
  ringClass: string;
}) {
  const { language } = useLanguage();
  return (
    <section className="mt-10" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {items?.length === 0 ? <p className="text-sm text-stone-600">{empty}</p> : null}
      <ul className="grid gap-2">
        {items?.map((item) => (
          <li key={`${item.kind}-${item.id}`} className={`rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ${ringClass}`}>
            <Link
              href={item.kind === 'legal' ? `/edit/legal/${item.id}` : adminEditPathOf(item.kind, item.id)}
              className="font-semibold text-plum-800 underline"
              dir="auto"
            >
              {language === 'fa' ? item.titleFa : item.titleEn}
            </Link>{' '}
            <span className="text-stone-600">{detail(item)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
