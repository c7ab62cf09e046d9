import type { ContentItem } from '../../../lib/content.ts';
import { ContentCard, LeadStory, TEASER_TITLE_LENGTH } from '../content-card.tsx';
import { imageSizes } from '../content-image.tsx';

/** One large article and four smaller ones beside it (the original home page's 1 + 4). */
export function ArticlesBlock({ items }: { items: ContentItem[] }) {
  const [lead, ...rest] = items;
  if (!lead) return null;
  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-10">
      <LeadStory item={lead} titleMax={TEASER_TITLE_LENGTH} as="h3" eager={false} sizes={imageSizes.half} />
      <ul className="grid content-start gap-x-6 gap-y-6 sm:grid-cols-2 sm:gap-y-8" data-testid="articles-rest">
        {rest.slice(0, 4).map((item) => (
          <li key={item.id} className="flex border-b border-stone-200 pb-6 last:border-b-0 last:pb-0 sm:border-b-0 sm:pb-0">
            <ContentCard item={item} titleMax={TEASER_TITLE_LENGTH} />
          </li>
        ))}
      </ul>
    </div>
  );
}
