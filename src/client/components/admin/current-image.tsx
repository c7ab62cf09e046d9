import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

/** The stored image (or video) an edit page would replace. */
function CurrentImage({ url, kind = 'image' }: { url: string | null; kind?: 'image' | 'video' | null }) {
  const { t } = useTranslation('admin');
  return (
    <figure>
      <figcaption className="mb-1 text-sm font-semibold text-stone-800">{t('fields.currentImage')}</figcaption>
      {url && kind === 'video' ? (
        <video src={url} controls preload="metadata" className="aspect-video w-full rounded-lg bg-stone-900 ring-1 ring-stone-200" />
      ) : url ? (
        <img
          src={url}
          alt={t('fields.currentImage')}
          className="aspect-video w-full rounded-lg object-cover ring-1 ring-stone-200"
          data-testid="current-image"
        />
      ) : (
        <div className="grid aspect-video w-full place-items-center rounded-lg bg-stone-100 text-stone-400 ring-1 ring-stone-200">
          <Icon name="image" className="size-8" />
        </div>
      )}
    </figure>
  );
}

/** An edit form's media: what the item has now, beside the field that replaces it. */
export function ReplaceMedia({ url, kind, children }: { url: string | null; kind?: 'image' | 'video' | null; children: ReactNode }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
      <CurrentImage url={url} kind={kind} />
      {children}
    </div>
  );
}
