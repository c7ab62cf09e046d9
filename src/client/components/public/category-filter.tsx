import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from './link.tsx';
import { categoryList as categories, type Category } from '../../lib/content.ts';
import { useHrefWith } from './pagination.tsx';

/** A filter chip's look, chosen or not (the lists' categories, the search's kinds and countries). */
export const chip = (active: boolean) =>
  `inline-block whitespace-nowrap rounded-full border px-3 py-1 text-sm font-medium transition-colors ${
    active ? 'border-plum-800 bg-plum-800 text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-plum-700 hover:text-plum-800'
  }`;

/** Category chips as links (?category=health), so a filtered list can be shared and bookmarked. */
export function CategoryFilter({ current }: { current: Category | undefined }) {
  const { t } = useTranslation('public');
  const hrefWith = useHrefWith();
  return (
    <nav aria-label={t('filter.label')} className="mb-8" data-testid="category-filter">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={hrefWith({ category: null, page: null })} className={chip(!current)} aria-current={!current ? 'page' : undefined}>
            {t('filter.all')}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <Link href={hrefWith({ category, page: null })} className={chip(current === category)} aria-current={current === category ? 'page' : undefined}>
              {t(`categories.${category}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
