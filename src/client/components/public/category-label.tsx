import { useTranslation } from '../../lib/use-translation.ts';
import type { Category, Country } from '../../lib/content.ts';

/** The small kicker above a headline: the category, and the country when the item has one. */
export function CategoryLabel({ category, country, className = '' }: { category: Category | null; country?: Country | null; className?: string }) {
  const { t } = useTranslation('public');
  const parts = [category ? t(`categories.${category}`) : null, country ? t(`countries.${country}`) : null].filter(Boolean);
  if (!parts.length) return null;
  return (
    <p className={`text-xs font-bold tracking-wide text-plum-700 uppercase ${className}`} data-testid="category-label">
      {parts.join(' · ')}
    </p>
  );
}
