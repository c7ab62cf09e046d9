import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { listPath, type ContentKind } from '../../lib/content.ts';
import { latestOfKindQuery } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ContentGrid } from './content-grid.tsx';
import { SectionHeader } from './section-header.tsx';

/** Below a story: the newest others of its kind, from the list the home page already cached. */
export function MoreFromSection({ kind, excludeId }: { kind: ContentKind; excludeId: number }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const { data } = useQuery(latestOfKindQuery(trpc, kind, language));
  const items = data?.items.filter((item) => item.id !== excludeId).slice(0, 4) ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="more-from-heading" className="mx-auto mt-8 max-w-7xl px-4 sm:px-6" data-testid="more-from">
      <SectionHeader id="more-from-heading" title={t(`detail.moreFrom.${kind}`)} moreHref={listPath[kind]} />
      <ContentGrid items={items} />
    </section>
  );
}
