import { useTranslation } from '../../lib/use-translation.ts';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { excerpt } from '../../../shared/text.ts';
import { buttonClass } from './button.tsx';
import { Icon } from './icons.tsx';
import { DeleteButton, EditLink } from './item-actions.tsx';
import { useFocusEditedItem } from './return-to-item.ts';
import { Thumbnail } from './thumbnail.tsx';

export interface CardListItem {
  id: number;
  title: string;
  description?: string;
  /** The stored image path (shown at card size). */
  imagePath: string | null;
  /** What to show when there is no image. */
  placeholder?: 'video' | 'image';
  date: Date;
  editHref?: string;
  /** The public page, opened in a new tab. */
  viewHref?: string;
  badge?: string;
  /** Editorial items: where the item stands (draft, scheduled for a time, published). */
  status?: { label: string; tone: 'draft' | 'scheduled' | 'published' };
}

/**
 * The admin card grid of news, articles, reports, gallery and legal items: titles cut at 40
 * characters and descriptions at 90 (as the original cards did), Edit when there is an edit page, Delete always.
 */
/** `onDelete` absent: no delete button (a writer's lists: deleting is an editor's). */
export function CardList({ items, onDelete, deletingId }: { items: CardListItem[]; onDelete?(item: CardListItem): void; deletingId?: number | null }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  useFocusEditedItem(items.length > 0);
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="card-list">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
          data-testid="admin-card"
          data-item-id={item.id}
        >
          <div className="relative aspect-[16/9] bg-stone-100">
            {item.imagePath ? (
              // An unpublished item's picture is not public yet: asked for on the editors' path.
              <Thumbnail path={item.imagePath} hidden={item.status !== undefined && item.status.tone !== 'published'} />
            ) : (
              <div className="grid size-full place-items-center text-stone-400">
                <Icon name={item.placeholder ?? 'image'} className="size-10" />
              </div>
            )}
            {item.badge ? (
              <span className="absolute start-3 top-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-stone-700 shadow-sm">{item.badge}</span>
            ) : null}
          </div>
          <div className="flex flex-1 flex-col p-4">
            <h2 className="font-semibold leading-snug text-stone-900" title={item.title} dir="auto">
              {excerpt(item.title, 40)}
            </h2>
            {item.description ? (
              <p className="mt-1.5 text-sm leading-relaxed text-stone-600" dir="auto">
                {excerpt(item.description, 90)}
              </p>
            ) : null}
            {item.status ? (
              <span
                data-testid="item-status"
                className={`mt-auto self-start rounded-full px-2 py-0.5 pt-0.5 text-xs font-semibold ${item.status.tone === 'published' ? 'bg-green-100 text-green-900' : item.status.tone === 'scheduled' ? 'bg-amber-100 text-amber-950' : 'bg-stone-200 text-stone-800'}`}
              >
                {item.status.label}
              </span>
            ) : null}
            <p className={`${item.status ? 'pt-2' : 'mt-auto pt-3'} text-xs text-stone-500`}>{formatDate(item.date, language)}</p>
          </div>
          <div className="flex items-center gap-1 border-t border-stone-100 px-3 py-2">
            {item.editHref ? <EditLink href={item.editHref} name={item.title} /> : null}
            {item.viewHref ? (
              <a href={item.viewHref} target="_blank" rel="noopener" className={buttonClass('ghost', 'sm')} aria-label={`${t('actions.view')}: ${item.title}`}>
                <Icon name="external" className="size-4" />
                {t('actions.view')}
              </a>
            ) : null}
            {onDelete ? <DeleteButton name={item.title} className="ms-auto" busy={deletingId === item.id} onClick={() => onDelete(item)} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a list loads, so the page does not jump. */
export function CardListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <div key={index} className="overflow-hidden rounded-xl bg-white ring-1 ring-stone-200">
          <div className="aspect-[16/9] animate-pulse bg-stone-200 motion-reduce:animate-none" />
          <div className="grid gap-2 p-4">
            <div className="h-4 w-3/4 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
            <div className="h-3 w-full animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
          </div>
        </div>
      ))}
    </div>
  );
}
