import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { directionOf } from '../../../shared/locale.ts';
import { EmptyState } from '../../components/admin/list-states.tsx';
import { PageHeader } from '../../components/admin/page-header.tsx';
import { TableListPage } from '../../components/admin/table-list-page.tsx';
import { Td } from '../../components/admin/table.tsx';
import { usePagedList } from '../../components/admin/use-paged-list.ts';
import { MarkedText } from '../../components/public/search/marked-text.tsx';
import { formatDate } from '../../lib/format.ts';
import { SEARCH_QUERY_MAX, type SearchHit } from '../../lib/search.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { LengthCounter, useTypedText } from '../../components/ui/length-counter.tsx';

/** Where an editor works on a result (relative to /admin). */
function editPath(hit: SearchHit): string {
  switch (hit.type) {
    case 'news':
    case 'article':
    case 'report':
    case 'legal':
      return `/edit/${hit.type}/${hit.id}`;
    case 'story':
      return '/stories/all';
    case 'gallery':
      return '/gallery/all';
  }
}

/** /admin/search: the site's search over everything, drafts and pending stories included (search.admin). */
export function SearchPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  // The query is kept as the admin lists keep theirs: never in the address (use-list-params.ts).
  // An address's query over the limit is not cut: the box holds it, and its counter says by how much it is too long.
  const askable = (q = '') => (q.length <= SEARCH_QUERY_MAX ? q : '');
  const list = usePagedList((input) => ({ ...trpc.search.admin.queryOptions({ ...input, q: askable(input.q) }), enabled: askable(input.q) !== '' }));
  const q = list.q;
  const asked = askable(q);
  const typed = useTypedText(q, SEARCH_QUERY_MAX);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.tooLong) return event.currentTarget.querySelector('input')?.focus();
    list.setQ(String(new FormData(event.currentTarget).get('q') ?? ''));
  }

  const form = (
    <form role="search" onSubmit={submit} autoComplete="off" className="mb-6 flex max-w-xl gap-2" data-testid="admin-search-form">
      <label htmlFor="admin-search" className="sr-only">
        {t('search.label')}
      </label>
      <div className="min-w-0 flex-1">
        <input
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          onInput={typed.onInput}
          aria-invalid={typed.tooLong || undefined}
          aria-describedby={typed.describedBy('admin-search')}
          autoComplete="off"
          spellCheck={false}
          className="h-10 w-full rounded-md border border-stone-300 bg-white px-3 text-sm focus:border-plum-700 focus:outline-2 focus:outline-plum-700"
        />
        <LengthCounter fieldId="admin-search" value={typed.value} limit={SEARCH_QUERY_MAX} />
      </div>
      <button type="submit" className="h-10 rounded-md bg-plum-800 px-4 text-sm font-semibold text-white hover:bg-plum-900">
        {t('search.submit')}
      </button>
    </form>
  );

  if (!asked)
    return (
      <>
        <PageHeader title={t('search.title')} description={t('search.intro')} />
        {form}
        {q ? null : <EmptyState icon="search" text={t('search.prompt')} />}
      </>
    );

  return (
    <TableListPage
      list={list}
      title={t('search.title')}
      countKey="search.total"
      description={t('search.intro')}
      toolbar={form}
      empty={{ icon: 'search', text: t('search.empty') }}
      table={{
        caption: t('search.title'),
        testId: 'admin-search-table',
        columns: [
          { label: t('search.item') },
          { label: t('search.kind'), className: 'hidden md:table-cell' },
          { label: t('search.state') },
          { label: t('search.date'), className: 'hidden md:table-cell' },
        ],
      }}
      row={(hit: SearchHit) => (
        <tr key={`${hit.type}-${hit.id}`} data-testid="admin-search-row">
          <Td>
            <Link
              href={editPath(hit)}
              className="font-semibold text-stone-900 hover:text-plum-800 hover:underline"
              lang={hit.titleLang}
              dir={directionOf(hit.titleLang)}
            >
              <MarkedText parts={hit.title} />
            </Link>
            <p className="mt-1 line-clamp-2 text-xs text-stone-600" lang={hit.snippetLang} dir={directionOf(hit.snippetLang)}>
              <MarkedText parts={hit.snippet} />
            </p>
          </Td>
          <Td className="hidden whitespace-nowrap md:table-cell">{t(`search.types.${hit.type}`)}</Td>
          <Td className="whitespace-nowrap">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${hit.public ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}>
              {t(hit.public ? 'search.public' : 'search.hidden')}
            </span>
          </Td>
          <Td className="hidden whitespace-nowrap md:table-cell">{formatDate(hit.date, language)}</Td>
        </tr>
      )}
    />
  );
}
