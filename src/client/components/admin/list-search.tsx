import { useId, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { SEARCH_QUERY_MAX } from '../../lib/search.ts';
import { LengthCounter, useTypedText } from '../ui/length-counter.tsx';
import { Icon } from './icons.tsx';

/**
 * The search box of an admin list: it narrows the list to the items matching the query, across
 * every status. The query is kept under a token in the address, never its words (use-list-params.ts),
 * so Back and reload keep it; Clear shows the list again. Neither the browser's form history, a
 * cloud spell-checker nor a restored session keeps what was typed (autocomplete and spellcheck off).
 */
export function ListSearch({ q, onSearch, label, placeholder }: { q: string; onSearch(q: string): void; label?: string; placeholder?: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const typed = useTypedText(q, SEARCH_QUERY_MAX);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React passes events up through portals: in a dialog over an item's form (the picture
    // library's), a search must not submit the item.
    event.stopPropagation();
    // Never cut: the counter says by how much the query is too long.
    if (typed.tooLong) return event.currentTarget.querySelector('input')?.focus();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  }
  return (
    <form role="search" onSubmit={submit} autoComplete="off" className="mb-5 flex max-w-xl flex-wrap items-center gap-2" data-testid="list-search">
      <label htmlFor={id} className="sr-only">
        {label ?? t('listSearch.label')}
      </label>
      <div className="relative min-w-0 basis-full sm:basis-0 sm:flex-1">
        <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-400" />
        {/* Keyed by the query so Back, a link or Clear puts the address's query in the box. */}
        <input
          key={q}
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          onInput={typed.onInput}
          aria-invalid={typed.tooLong || undefined}
          aria-describedby={typed.describedBy(id)}
          placeholder={placeholder ?? t('listSearch.placeholder')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          dir="auto"
          className="w-full rounded-lg border border-stone-300 bg-white py-2 ps-9 pe-3 text-sm text-stone-900 placeholder:text-stone-500 focus:border-plum-700 focus:outline-2 focus:outline-plum-700"
        />
        <LengthCounter fieldId={id} value={typed.value} limit={SEARCH_QUERY_MAX} />
      </div>
      <button type="submit" className="rounded-lg bg-plum-700 px-4 py-2 text-sm font-semibold text-white hover:bg-plum-800">
        {t('listSearch.submit')}
      </button>
      {q ? (
        <button
          type="button"
          onClick={() => onSearch('')}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-stone-600 ring-1 ring-stone-300 hover:bg-stone-100 hover:text-stone-900"
        >
          {t('listSearch.clear')}
        </button>
      ) : null}
    </form>
  );
}
