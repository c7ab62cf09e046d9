import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAdminUser } from '../../components/admin/admin-session.tsx';
import { useConfirm } from '../../components/admin/confirm.tsx';
import { DeleteMessage } from '../../components/admin/delete-message.tsx';
import { DeleteButton } from '../../components/admin/item-actions.tsx';
import { LibraryCardBody, LibraryGrid } from '../../components/admin/library/library-card.tsx';
import { PagedListPage } from '../../components/admin/paged-list-page.tsx';
import { useNotify } from '../../components/admin/use-notify.ts';
import { usePagedList } from '../../components/admin/use-paged-list.ts';
import { useRefresh } from '../../components/admin/use-refresh.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { latestDescriptions } from '../../../shared/library.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { canPublish } from '../../../shared/roles.ts';

/** Two dozen a page: pictures are small, and an editor tidying the library looks through many. */
const PAGE_SIZE = 24;

/**
 * /admin/library: every picture of the library (docs/decisions/035), newest first, searchable by
 * its descriptions, each marked in use or not. Editors delete an unused one, after a confirmation;
 * a picture an item (or an earlier version of one) uses cannot be deleted, and the server says so
 * too. Writers see the library they use pictures from.
 */
export function LibraryPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();
  const deletes = canPublish(useAdminUser().role);
  const list = usePagedList((input) => ({ ...trpc.library.list.queryOptions(input), staleTime: 0 }), PAGE_SIZE);
  const remove = useMutation(
    trpc.library.remove.mutationOptions({
      onSuccess: () => {
        notify.success(t('library.removed'));
        void refresh('library');
      },
      onError: (error) => {
        notify.failure(t('library.removeFailed'), error);
        // An item may have taken it meanwhile: show it in use.
        void refresh('library');
      },
    }),
  );

  return (
    <PagedListPage
      list={list}
      title={t('library.title')}
      countKey="library.total"
      intro={t('library.intro')}
      searchable
      searchTexts={{ label: t('library.searchLabel'), placeholder: t('library.searchPlaceholder') }}
      empty={{ icon: 'library', text: t('library.empty') }}
    >
      {(items) => (
        <LibraryGrid testId="library-pictures">
          {items.map((picture) => {
            // Named in the panel's language where it was described in it.
            const words = latestDescriptions(picture.description);
            const name = (language === 'fa' ? (words.fa ?? words.en) : (words.en ?? words.fa)) ?? t('library.undescribed');
            return (
              <li
                key={picture.id}
                className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
                data-testid="library-picture"
                data-upload-id={picture.id}
              >
                <LibraryCardBody
                  picture={picture}
                  badge={
                    <span
                      className={`absolute start-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm ${picture.inUse ? 'bg-white/90 text-stone-700' : 'bg-amber-100 text-amber-950'}`}
                    >
                      {t(picture.inUse ? 'library.inUse' : 'library.unused')}
                    </span>
                  }
                />
                {deletes && !picture.inUse ? (
                  <div className="flex items-center border-t border-stone-100 px-2 py-1.5">
                    <DeleteButton
                      name={name}
                      busy={remove.isPending && remove.variables.id === picture.id}
                      onClick={() =>
                        void confirm({ title: t('library.confirmRemove'), message: <DeleteMessage title={name} text={t('library.removeWarning')} /> }).then(
                          (yes) => yes && remove.mutate({ id: picture.id }),
                        )
                      }
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </LibraryGrid>
      )}
    </PagedListPage>
  );
}
