import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { countryList, type Country } from '../../../lib/content.ts';
import { searchTypeList, type SearchType } from '../../../lib/search.ts';
import { chip } from '../category-filter.tsx';
import { useHrefWith } from '../pagination.tsx';

function ChipRow<T extends string>({
  label,
  name,
  values,
  current,
  allLabel,
  labelOf,
}: {
  label: string;
  name: string;
  values: readonly T[];
  current: T | undefined;
  allLabel: string;
  labelOf: (value: T) => string;
}) {
  const hrefWith = useHrefWith();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="me-1 text-sm font-semibold text-stone-600" id={`filter-${name}`}>
        {label}
      </span>
      <ul className="flex flex-wrap gap-2" aria-labelledby={`filter-${name}`}>
        {[undefined, ...values].map((value) => (
          <li key={value ?? 'all'}>
            <Link
              href={hrefWith({ [name]: value ?? null, page: null })}
              className={chip(current === value)}
              aria-current={current === value ? 'page' : undefined}
            >
              {value ? labelOf(value) : allLabel}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Kind and country filters as links (the query stays, the page starts again), so they work without JavaScript. */
export function SearchFilters({ type, country }: { type: SearchType | undefined; country: Country | undefined }) {
  const { t } = useTranslation('public');
  return (
    <nav aria-label={t('filter.label')} className="mt-6 space-y-3" data-testid="search-filters">
      <ChipRow
        label={t('search.filterType')}
        name="type"
        values={searchTypeList}
        current={type}
        allLabel={t('search.all')}
        labelOf={(value) => t(`search.typesPlural.${value}`)}
      />
      <ChipRow
        label={t('search.filterCountry')}
        name="country"
        values={countryList}
        current={country}
        allLabel={t('search.allCountries')}
        labelOf={(value) => t(`countries.${value}`)}
      />
    </nav>
  );
}
