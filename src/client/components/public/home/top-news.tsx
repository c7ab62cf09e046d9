import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from '../link.tsx';
import { excerpt } from '../../../../shared/text.ts';
import { itemPath, localized, type ContentItem } from '../../../lib/content.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { LeadStory, TEASER_TITLE_LENGTH } from '../content-card.tsx';
import { DateLine } from '../date-line.tsx';

/**
 * The lead story (two thirds wide) and the next nine, numbered, under "Top news": beside the lead
 * on wide screens, below it on phones. The latest grid starts after these, so on every screen each
 * recent item appears once.
 */
export function TopNews({ items }: { items: ContentItem[] }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const [lead, ...rest] = items;
  if (!lead) return null;
  const side = rest.slice(0, 9);
  return (
    <section aria-label={t('topNews')} className="grid gap-8 lg:grid-cols-3 lg:gap-10" data-testid="top-news">
      <div className="lg:col-span-2">
        <LeadStory item={lead} titleMax={TEASER_TITLE_LENGTH} eager />
      </div>
      {side.length ? (
        <aside aria-labelledby="top-news-heading" className="lg:border-s lg:border-stone-200 lg:ps-8" data-testid="top-news-side">
          <h2 id="top-news-heading" className="border-b-2 border-stone-900 pb-2 font-serif text-xl font-bold">
            {t('topNews')}
          </h2>
          <ol>
            {side.map((item, index) => (
              <li key={item.id} className="group relative flex gap-4 border-b border-stone-200 py-3 last:border-b-0" data-testid="top-news-item">
                <span className="w-7 shrink-0 font-serif text-2xl leading-none font-bold text-plum-700" aria-hidden="true" data-testid="top-news-number">
                  {formatNumber(index + 1, language)}
                </span>
                <div className="min-w-0">
                  <Link
                    href={itemPath(item.kind, item, language)}
                    className="text-[0.9375rem] font-semibold leading-snug text-stone-900 after:absolute after:inset-0 hover:text-plum-800 hover:underline"
                    data-testid="top-news-title"
                  >
                    {excerpt(localized(item, language).title, TEASER_TITLE_LENGTH)}
                  </Link>
                  <DateLine date={item.createdAt} relative className="mt-1 block text-xs text-stone-600" />
                </div>
              </li>
            ))}
          </ol>
        </aside>
      ) : null}
    </section>
  );
}
