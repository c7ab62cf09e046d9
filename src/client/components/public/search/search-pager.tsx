import { Pager } from '../pagination.tsx';
import { SearchPostForm } from './search-post-form.tsx';

interface SearchPagerProps {
  fields: { q: string; type?: string; country?: string };
  page: number;
  total: number;
  pageSize: number;
}

/** The results' previous and next pages, posted like the search itself so the query stays out of the address. */
export function SearchPager({ fields, page, total, pageSize }: SearchPagerProps) {
  return (
    <Pager
      page={page}
      total={total}
      pageSize={pageSize}
      step={(to, rel, className, children) => (
        <SearchPostForm fields={fields}>
          <button type="submit" name="page" value={String(to)} className={className} data-rel={rel}>
            {children}
          </button>
        </SearchPostForm>
      )}
    />
  );
}
