import type { ContentItem } from '../../lib/content.ts';
import { ContentCard } from './content-card.tsx';

/** One to four columns by width. */
export function ContentGrid({ items, titleMax, label }: { items: ContentItem[]; titleMax?: number; label?: string }) {
  if (!items.length) return null;
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-6 sm:grid-cols-2 sm:gap-y-10 lg:grid-cols-3 xl:grid-cols-4" aria-label={label} data-testid="content-grid">
      {items.map((item) => (
        <li key={item.id} className="flex border-b border-stone-200 pb-6 last:border-b-0 last:pb-0 sm:border-b-0 sm:pb-0">
          <ContentCard item={item} titleMax={titleMax} />
        </li>
      ))}
    </ul>
  );
}
