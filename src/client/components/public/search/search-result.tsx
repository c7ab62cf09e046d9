import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from '../link.tsx';
import { directionOf } from '../../../../shared/locale.ts';
import { resultPath, type SearchHit } from '../../../lib/search.ts';
import { ContentImage } from '../content-image.tsx';
import { DateLine } from '../date-line.tsx';
import { MarkedText } from './marked-text.tsx';
import { useLanguage } from '../../../lib/use-language.ts';

/**
 * One result: kind and country, the title (the whole row is its link), a snippet with the matched
 * words marked, the date, and a small picture at the end when the item has one. Text in the other
 * language carries its own lang and direction.
 */
export function SearchResult({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const kicker = [t(`search.types.${hit.type}`), hit.country ? t(`countries.${hit.country}`) : null].filter(Boolean).join(' · ');
  return (
    <li className="group relative flex gap-4 border-b border-stone-200 py-5 sm:gap-6" data-testid="search-result" data-type={hit.type}>
      <div className="min-w-0 flex-1">
        <p className="mb-1 text-xs font-bold tracking-wide text-plum-700 uppercase">{kicker}</p>
        <h2 className="font-serif text-lg leading-snug font-bold text-stone-900 sm:text-xl" lang={hit.titleLang} dir={directionOf(hit.titleLang)}>
          <Link href={resultPath(hit, language)} className="after:absolute after:inset-0 hover:text-plum-800 hover:underline" data-testid="search-result-title">
            <MarkedText parts={hit.title} />
          </Link>
        </h2>
        {hit.snippet.length ? (
          <p
            className="mt-1.5 text-[0.9375rem] leading-relaxed text-stone-700"
            lang={hit.snippetLang}
            dir={directionOf(hit.snippetLang)}
            data-testid="search-snippet"
          >
            <MarkedText parts={hit.snippet} />
          </p>
        ) : null}
        <p className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
          {hit.byline ? (
            <>
              <span data-testid="search-byline">
                {t('common:byline.by')} <bdi>{hit.byline}</bdi>
              </span>
              <span aria-hidden="true">·</span>
            </>
          ) : null}
          <DateLine date={hit.date} className="text-xs text-stone-600" />
        </p>
      </div>
      {hit.image ? (
        <ContentImage path={hit.image} alt="" width={160} height={120} sizes="128px" className="aspect-[4/3] w-24 shrink-0 self-start rounded-sm sm:w-32" />
      ) : null}
    </li>
  );
}
