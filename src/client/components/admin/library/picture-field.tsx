import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { Button } from '../button.tsx';
import type { useUploadSlot } from '../use-upload-slot.ts';
import { latestDescriptions } from '../../../../shared/library.ts';
import type { LibraryPicture } from './library-card.tsx';

// The dialog and its query load when an editor first asks for the library.
const LibraryDialog = lazy(() => import('./library-dialog.tsx').then((module) => ({ default: module.LibraryDialog })));

/**
 * A form's picture field: the file field (`upload`, an <UploadField> fed by the slot's props) and,
 * beside it, "Choose from library". A chosen picture shows in place of the file's preview; its
 * description and caption stay the item's own (the form's fields), which `onChosen` may start from
 * the picture's last descriptions.
 */
export function PictureField({
  slot,
  upload,
  onChosen,
}: {
  slot: ReturnType<typeof useUploadSlot>;
  upload: ReactNode;
  onChosen?(picture: LibraryPicture): void;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const { language } = useLanguage();
  const chosen = slot.fromLibrary;
  const words = latestDescriptions(chosen?.description);
  const chosenWords = language === 'fa' ? (words.fa ?? words.en) : (words.en ?? words.fa);
  return (
    <div className="grid gap-3">
      {upload}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button size="sm" icon="library" onClick={() => setOpen(true)} data-testid="choose-from-library">
          {t('library.choose')}
        </Button>
        <span className="text-xs text-stone-600">{t('library.chooseHint')}</span>
      </div>
      {chosen ? (
        <figure className="flex items-center gap-3 rounded-lg bg-plum-50 p-2 ring-1 ring-plum-100" data-testid="library-chosen" data-upload-id={chosen.id}>
          <img src={chosen.thumbnailUrl} alt="" className="h-16 w-24 rounded-md bg-stone-100 object-cover" />
          <figcaption className="min-w-0 text-sm text-plum-900">
            <span className="block font-semibold">{t('library.chosen')}</span>
            {chosenWords ? (
              <span dir="auto" className="block truncate text-stone-700">
                {chosenWords}
              </span>
            ) : null}
          </figcaption>
        </figure>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <LibraryDialog
            onClose={() => setOpen(false)}
            onChoose={(picture) => {
              setOpen(false);
              slot.chooseFromLibrary(picture);
              onChosen?.(picture);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Starts a cover's descriptions from the chosen picture's newest ones (src/shared/library.ts), in
 * the fields the editor has not written in yet (empty, or as the form opened: the old cover's
 * words). She can change them; the item keeps its own words.
 */
export function startCoverAlt(
  picture: LibraryPicture,
  values: { coverAltEn: string; coverAltFa: string },
  initial: { coverAltEn: string; coverAltFa: string } | undefined,
  change: (field: 'coverAltEn' | 'coverAltFa', value: string) => void,
): void {
  const words = latestDescriptions(picture.description);
  for (const [field, text] of [
    ['coverAltEn', words.en],
    ['coverAltFa', words.fa],
  ] as const) {
    const untouched = !values[field].trim() || values[field] === initial?.[field];
    if (text && untouched) change(field, text);
  }
}
