import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { IsolatedIn } from '../../ui/isolated-in.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Button } from '../button.tsx';
import { ListSearch } from '../list-search.tsx';
import { EmptyState, LoadError } from '../list-states.tsx';
import { Modal } from '../modal.tsx';
import { Pagination } from '../pagination.tsx';
import { LibraryCardBody, LibraryGrid, type LibraryPicture } from './library-card.tsx';

/** Pictures per page of the dialog: three rows of four on a wide screen. */
const PAGE_SIZE = 12;

/**
 * Choosing a picture of the library (docs/decisions/035), for a cover field or a body picture: the
 * newest first, narrowed by the words of its descriptions (sent in a request body, never in an
 * address: src/client/lib/trpc.ts), a page at a time. It sits in document.body, so its search form
 * is never nested in the item's form; choosing closes it.
 */
export function LibraryDialog({ onChoose, onClose }: { onChoose(picture: LibraryPicture): void; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.library.list.queryOptions(q ? { page, pageSize: PAGE_SIZE, q } : { page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // A picture saved with an item a moment ago is in the library now.
    staleTime: 0,
  });
  const items = query.data?.items ?? [];
  const total = query.data?.total;

  return createPortal(
    <Modal
      open
      onClose={onClose}
      title={t('library.dialogTitle')}
      size="lg"
      testId="library-dialog"
      footer={<Button onClick={onClose}>{t('actions.cancel')}</Button>}
    >
      <ListSearch
        q={q}
        label={t('library.searchLabel')}
        placeholder={t('library.searchPlaceholder')}
        onSearch={(words) => {
          setQ(words.trim());
          setPage(1);
        }}
      />
      <p className="-mt-2 mb-3 text-sm text-stone-600" aria-live="polite">
        {total !== undefined ? t(q ? 'listSearch.results' : 'library.total', { count: total, formatted: formatNumber(total, language) }) : null}
      </p>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={q ? 'search' : 'library'}
          text={q ? <IsolatedIn sentence={(words) => t('library.none', { q: words })} value={q} /> : t('library.empty')}
        />
      ) : (
        <LibraryGrid testId="library-choices">
          {items.map((picture) => (
            <li key={picture.id}>
              <button
                type="button"
                onClick={() => onChoose(picture)}
                data-testid="library-choice"
                data-upload-id={picture.id}
                className="flex h-full w-full flex-col overflow-hidden rounded-lg bg-white text-start ring-1 ring-stone-200 transition-shadow hover:shadow-md hover:ring-plum-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-plum-700"
              >
                <LibraryCardBody picture={picture} />
              </button>
            </li>
          ))}
        </LibraryGrid>
      )}
      {total !== undefined ? <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} /> : null}
    </Modal>,
    document.body,
  );
}
