import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLanguage } from '../../lib/use-language.ts';
import type { ContentKind } from '../../lib/content.ts';
import { latestOfKindQuery, otherKinds } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CompactStory } from './content-card.tsx';

/**
 * Beside a list page's featured item: the newest items of the two other sections. It reads the
 * same cached lists as the home page, so after the home page it costs no request.
 */
export function SideList({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const others = otherKinds(kind);
  const results = useQueries({ queries: others.map((other) => latestOfKindQuery(trpc, other, language)) });
  const blocks = others.map((other, index) => ({ other, items: results[index]?.data?.items.slice(0, 3) ?? [] })).filter((block) => block.items.length);
  if (!blocks.length) return null;
  return (
    <aside aria-label={t('list.alsoOnSite')} className="hidden space-y-8 lg:block lg:border-s lg:border-stone-200 lg:ps-8" data-testid="side-list">
      {blocks.map(({ other, items }) => (
        <section key={other} aria-labelledby={`side-${other}`}>
          <h2 id={`side-${other}`} className="mb-4 border-b-2 border-stone-900 pb-2 font-serif text-lg font-bold">
            {t(`list.from.${other}`)}
          </h2>
          <ul className="space-y-5">
            {items.map((item) => (
              <li key={item.id}>
                <CompactStory item={item} as="h3" />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
