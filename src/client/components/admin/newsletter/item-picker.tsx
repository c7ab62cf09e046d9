import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContentKind } from '../../../../shared/content-kinds.ts';
import type { Language } from '../../../../shared/locale.ts';
import { MAX_EDITION_ITEMS } from '../../../../shared/schemas/newsletter.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { Icon } from '../icons.tsx';
import { LoadError } from '../list-states.tsx';
import { Thumbnail } from '../thumbnail.tsx';
import { itemIdsOf } from './edition-values.ts';

/** An item a newsletter can list (recentItems), or one it lists already (byId's items, maybe unpublished since). */
export interface PickableItem {
  id: number;
  kind: ContentKind;
  titleEn: string;
  titleFa: string;
  image?: string;
  createdAt?: Date;
  status?: string;
}

/** An item's title in the panel's language, else in the other (an item may be written in one: decision 034). */
export const itemTitle = (item: Pick<PickableItem, 'titleEn' | 'titleFa'>, language: Language) =>
  language === 'fa' ? item.titleFa || item.titleEn : item.titleEn || item.titleFa;

/**
 * The published items to list, newest first, as cards to tick: the order ticked is the mail's
 * order, shown as a number on each chosen card. Items listed before and no longer among the recent
 * ones (older, or unpublished since) stay at the top, so they can be taken out.
 */
export function ItemPicker({
  value,
  onChange,
  listed = [],
  error,
}: {
  /** Comma-separated ids, in the mail's order. */
  value: string;
  onChange(value: string): void;
  listed?: PickableItem[];
  error?: string[];
}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const recent = useQuery(trpc.newsletters.recentItems.queryOptions());
  const chosen = itemIdsOf(value);

  if (recent.isPending) return <Spinner />;
  if (recent.isError) return <LoadError error={recent.error} onRetry={() => void recent.refetch()} />;

  const recentIds = new Set(recent.data.map((item) => item.id));
  const items: PickableItem[] = [...listed.filter((item) => !recentIds.has(item.id)), ...recent.data];
  const toggle = (id: number) => onChange((chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]).join(','));
  const full = chosen.length >= MAX_EDITION_ITEMS;

  if (!items.length)
    return <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">{t('newsletters.noItems')}</p>;
  return (
    <div>
      <p className="mb-2 text-sm text-stone-600" data-testid="items-chosen">
        {t('newsletters.itemsChosen', { formatted: formatNumber(chosen.length, language), max: formatNumber(MAX_EDITION_ITEMS, language) })}
      </p>
      <ul className="grid max-h-[30rem] gap-2 overflow-y-auto rounded-lg bg-stone-50 p-2 ring-1 ring-stone-200 sm:grid-cols-2" data-testid="item-picker">
        {items.map((item) => {
          const position = chosen.indexOf(item.id);
          const checked = position >= 0;
          const unpublished = item.status !== undefined && item.status !== 'published';
          return (
            <li key={item.id}>
              <label
                className={`flex h-full cursor-pointer items-start gap-3 rounded-lg bg-white p-2 ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-plum-600 ${
                  checked ? 'ring-2 ring-plum-600' : 'ring-stone-200 hover:ring-stone-300'
                } ${!checked && full ? 'cursor-not-allowed opacity-60' : ''}`}
                data-testid="pickable-item"
                data-item-id={item.id}
              >
                <input type="checkbox" className="sr-only" checked={checked} disabled={!checked && full} onChange={() => toggle(item.id)} />
                <span className="relative aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-stone-100">
                  {item.image ? <Thumbnail path={item.image} /> : null}
                  <span
                    className={`absolute start-1 top-1 grid size-6 place-items-center rounded-full text-xs font-bold shadow-sm ${
                      checked ? 'bg-plum-700 text-white' : 'bg-white/90 text-transparent ring-1 ring-stone-300'
                    }`}
                    aria-hidden="true"
                  >
                    {checked ? formatNumber(position + 1, language) : ''}
                  </span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900" dir="auto">
                    {itemTitle(item, language)}
                  </span>
                  <span className="mt-1 block text-xs text-stone-500">
                    {t(`search.types.${item.kind}`)}
                    {item.createdAt ? ` · ${formatDate(item.createdAt, language, { dateStyle: 'medium' })}` : ''}
                  </span>
                  {unpublished ? <span className="mt-1 block text-xs font-medium text-amber-800">{t('newsletters.notPublished')}</span> : null}
                  {checked ? <span className="sr-only">{t('newsletters.position', { formatted: formatNumber(position + 1, language) })}</span> : null}
                </span>
                {checked ? <Icon name="check" className="size-5 text-plum-700" /> : null}
              </label>
            </li>
          );
        })}
      </ul>
      {error?.length ? <p className="mt-1 text-sm text-red-700">{error.join(' ')}</p> : null}
    </div>
  );
}
