import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { SearchBox } from '../../components/layout/search-box.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { SearchFilters } from '../../components/public/search/search-filters.tsx';
import { SearchPager } from '../../components/public/search/search-pager.tsx';
import { SearchResult } from '../../components/public/search/search-result.tsx';
import { EmptyMessage, ErrorMessage } from '../../components/public/state-message.tsx';
import { IsolatedIn } from '../../components/ui/isolated-in.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useHead } from '../../lib/head.tsx';
import { searchQueries } from '../../lib/public-queries.ts';
import { searchFromAddress, useSearchAddress } from '../../lib/search.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

const PAGE_SIZE = 10;

/**
 * The form, the filters and one page of results, for a kept search (`/search/r/<token>`: posted to
 * /search, or started on the page) or one asked for by a `/search?q=…&type=…&country=…&page=…`
 * link. Never indexed; its title never names the words.
 */
export function SearchPage() {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const { params, gone, pending } = useSearchAddress();
  const { input, problem } = searchFromAddress(params);
  const trpc = useTRPC();
  const [options] = searchQueries(trpc, params);
  const query = useQuery({ ...(options ?? trpc.search.query.queryOptions(input)), enabled: !!options, placeholderData: keepPreviousData });
  // Never the words: browsers keep titles in their history and address-bar suggestions (decision 018).
  useHead({ title: t('search.title'), noindex: true });

  let body;
  if (pending) body = <Spinner />;
  else if (gone)
    body = (
      <p className="rounded-sm border border-stone-200 bg-stone-50 p-4 text-stone-800" data-testid="search-gone">
        {t('search.gone')}
      </p>
    );
  else if (problem === 'empty') body = <p className="text-stone-700">{t('search.prompt')}</p>;
  else if (problem === 'tooLong')
    body = (
      <p role="alert" className="font-semibold text-red-900" data-testid="search-too-long">
        {t('search.tooLong')}
      </p>
    );
  else if (query.error) body = <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Spinner />;
  else if (!query.data.total)
    body = (
      <EmptyMessage>
        <span className="block font-semibold text-stone-900">
          <IsolatedIn sentence={(q) => t('search.none', { q })} value={input.q} />
        </span>
        <span className="mt-2 block">{t('search.noneHint')}</span>
      </EmptyMessage>
    );
  else
    body = (
      <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isPlaceholderData}>
        <p className="mb-2 text-sm text-stone-600" aria-live="polite" data-testid="search-count">
          <IsolatedIn
            sentence={(q) =>
              t(query.data.capped ? 'search.resultsCapped' : 'search.results', {
                count: query.data.total,
                formatted: formatNumber(query.data.total, language),
                q,
              })
            }
            value={input.q}
          />
        </p>
        <ol className="border-t border-stone-200" data-testid="search-results">
          {query.data.items.map((hit) => (
            <SearchResult key={`${hit.type}-${hit.id}`} hit={hit} />
          ))}
        </ol>
        <SearchPager fields={{ q: input.q, type: input.type, country: input.country }} page={input.page} total={query.data.total} pageSize={PAGE_SIZE} />
      </div>
    );

  return (
    <PageFrame narrow>
      <PageHeading title={t('search.title')} intro={t('search.intro')}>
        <div className="mt-6">
          <SearchBox variant="page" defaultValue={input.q} keep={{ type: input.type, country: input.country }} key={input.q} />
        </div>
        {input.q ? <SearchFilters q={input.q} type={input.type} country={input.country} /> : null}
      </PageHeading>
      {body}
    </PageFrame>
  );
}
