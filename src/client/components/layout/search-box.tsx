import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { SEARCH_QUERY_MAX, useSearchNavigation } from '../../lib/search.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { SearchIcon } from '../public/icons.tsx';
import { LengthCounter, useTypedText } from '../ui/length-counter.tsx';

interface SearchBoxProps {
  /** `bar`: the header's compact box; `menu`: full width in the phone menu; `page`: the search page's own, larger. */
  variant: 'bar' | 'menu' | 'page';
  defaultValue?: string;
  /** Filters the page keeps when the query changes (type, country). */
  keep?: { type?: string; country?: string };
  /** Called after a search starts in the browser (the phone menu closes). */
  onSearch?: () => void;
}

const looks = {
  bar: { form: 'w-56 lg:w-72', input: 'h-10 text-sm', button: 'size-10' },
  menu: { form: 'w-full', input: 'h-11 text-base', button: 'size-11' },
  page: { form: 'w-full max-w-2xl', input: 'h-12 text-lg', button: 'size-12' },
} as const;

/**
 * A search form that works without JavaScript: it posts to /search (src/server/http/search-post.ts),
 * so what a reader looked for is never in an address, a title, a browser's history or a proxy's
 * log. With JavaScript the router shows the results instead of reloading, keeping the words out of
 * those too. The browser is asked not to remember or spell-check queries (on the form, so no field
 * of it is saved with the session either): form history and cloud spell-checkers would keep what
 * a reader looked for.
 */
export function SearchBox({ variant, defaultValue = '', keep = {}, onSearch }: SearchBoxProps) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const showSearch = useSearchNavigation();
  const look = looks[variant];
  const id = `search-${variant}`;
  const typed = useTypedText(defaultValue, SEARCH_QUERY_MAX);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The counter under the box already says by how much it is too long.
    if (typed.tooLong) return event.currentTarget.querySelector('input')?.focus();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void showSearch({ ...keep, q });
    onSearch?.();
  }

  return (
    <form
      role="search"
      // Named apart: the search page shows its own box beside the header's, and two search
      // landmarks with one name cannot be told apart in a screen reader's list of landmarks.
      aria-label={t(variant === 'page' ? 'search.pageLabel' : 'search.label')}
      method="post"
      action={`/search?lang=${language}`}
      onSubmit={submit}
      autoComplete="off"
      className={`relative flex items-center ${look.form}`}
      data-testid={`search-box-${variant}`}
    >
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        onInput={typed.onInput}
        aria-invalid={typed.tooLong || undefined}
        aria-describedby={typed.describedBy(id)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className={`w-full min-w-0 rounded-sm border border-stone-300 bg-white ps-3 pe-12 text-stone-900 placeholder:text-stone-500 focus:border-plum-700 focus:outline-2 focus:outline-plum-700 ${look.input}`}
      />
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <button
        type="submit"
        aria-label={t('search.submit')}
        className={`absolute end-0 flex items-center justify-center rounded-e-sm text-stone-700 hover:text-plum-800 ${look.button}`}
      >
        <SearchIcon size={variant === 'page' ? 22 : 18} />
      </button>
      {typed.describedBy(id) ? (
        <div className="absolute start-0 top-full z-10 rounded-sm bg-white px-1">
          <LengthCounter fieldId={id} value={typed.value} limit={SEARCH_QUERY_MAX} />
        </div>
      ) : null}
    </form>
  );
}
