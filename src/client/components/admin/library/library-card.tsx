import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { latestDescriptions } from '../../../../shared/library.ts';

export type LibraryPicture = RouterOutputs['library']['list']['items'][number];

/**
 * One picture of the library as the grid shows it: its thumbnail (on the editors' path: an unused
 * picture is private), its newest descriptions (one per language, each in its own direction), its
 * size and the day it entered the library. `badge` and `footer` are the library page's (in use, delete).
 */
export function LibraryCardBody({ picture, badge }: { picture: LibraryPicture; badge?: ReactNode }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  // The newest description in the panel's language first, then the other's.
  const words = latestDescriptions(picture.description);
  const lines = (language === 'fa' ? [words.fa, words.en] : [words.en, words.fa]).filter((line): line is string => Boolean(line));
  return (
    <>
      <span className="relative block aspect-[4/3] overflow-hidden bg-stone-100">
        <img src={picture.thumbnailUrl} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
        {badge}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5 p-3 text-start">
        {lines.length ? (
          lines.map((line) => (
            <span key={line} dir="auto" className="line-clamp-2 text-sm leading-snug text-stone-900" title={line}>
              {line}
            </span>
          ))
        ) : (
          <span className="text-sm text-stone-500 italic">{t('library.undescribed')}</span>
        )}
        <span className="mt-auto pt-1 text-xs text-stone-500">
          {picture.width && picture.height ? (
            <>
              {t('library.size', { width: formatNumber(picture.width, language), height: formatNumber(picture.height, language) })}
              {' · '}
            </>
          ) : null}
          {formatDate(picture.createdAt, language, { dateStyle: 'medium' })}
        </span>
      </span>
    </>
  );
}

/** The grid of the library's pictures, in the dialog and on the library page alike. */
export function LibraryGrid({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid={testId}>
      {children}
    </ul>
  );
}
