import { useTranslation } from '../../../lib/use-translation.ts';
import { countryList, type Country } from '../../../lib/content.ts';
import { searchTypeList, type SearchType } from '../../../lib/search.ts';
import { chip } from '../category-filter.tsx';
import { SearchPostForm } from './search-post-form.tsx';

interface SearchFiltersProps {
  q: string;
  type: SearchType | undefined;
  country: Country | undefined;
}

function ChipRow<T extends string>({
  label,
  name,
  values,
  current,
  allLabel,
  labelOf,
  keep,
}: {
  label: string;
  name: 'type' | 'country';
  values: readonly T[];
  current: T | undefined;
  allLabel: string;
  labelOf: (value: T) => string;
  keep: Record<string, string | undefined>;
}) {
  return (
    <SearchPostForm fields={keep} className="flex flex-wrap items-center gap-2" testId={`search-filter-${name}`}>
      <span className="me-1 text-sm font-semibold text-stone-600" id={`filter-${name}`}>
        {label}
      </span>
      <ul className="flex flex-wrap gap-2" aria-labelledby={`filter-${name}`}>
        {[undefined, ...values].map((value) => (
          <li key={value ?? 'all'}>
            {/* The page starts again at 1: no page field is kept. */}
            <button type="submit" name={name} value={value ?? ''} className={chip(current === value)} aria-pressed={current === value}>
              {value ? labelOf(value) : allLabel}
            </button>
          </li>
        ))}
      </ul>
    </SearchPostForm>
  );
}

/** Kind and country filters: each chip posts the search again with its value (the query kept, page 1). */
export function SearchFilters({ q, type, country }: SearchFiltersProps) {
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
        keep={{ q, country }}
      />
      <ChipRow
        label={t('search.filterCountry')}
        name="country"
        values={countryList}
        current={country}
        allLabel={t('search.allCountries')}
        labelOf={(value) => t(`countries.${value}`)}
        keep={{ q, type }}
      />
    </nav>
  );
}
