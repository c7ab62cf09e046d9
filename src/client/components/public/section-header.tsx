import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from './link.tsx';
import { ArrowIcon } from './icons.tsx';

/** A section's rule, heading and "view more" link (the arrow follows the reading direction). */
export function SectionHeader({ id, title, moreHref }: { id: string; title: string; moreHref?: string }) {
  const { t } = useTranslation('public');
  return (
    <div className="mb-6 flex items-baseline justify-between gap-4 border-t-4 border-plum-800 pt-3">
      <h2 id={id} className="font-serif text-2xl font-bold text-stone-900 sm:text-[1.75rem]">
        {title}
      </h2>
      {moreHref ? (
        <Link
          href={moreHref}
          className="inline-flex shrink-0 items-center gap-1.5 rounded text-sm font-semibold text-plum-800 hover:text-plum-900 hover:underline"
          data-testid="view-more"
        >
          {t('viewMore')}
          <span className="sr-only">: {title}</span>
          <ArrowIcon size={16} data-testid="view-more-arrow" />
        </Link>
      ) : null}
    </div>
  );
}
