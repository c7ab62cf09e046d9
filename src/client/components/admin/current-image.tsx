import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Icon } from './icons.tsx';

/**
 * The stored image (or video) an edit page would replace. An item shown by a video link alone
 * names that link (the panel loads nothing from the video's site).
 */
function CurrentImage({ url, kind = 'image', videoLink }: { url: string | null; kind?: 'image' | 'video' | null; videoLink?: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <figure>
      <figcaption className="mb-1 text-sm font-semibold text-stone-800">{t(!url && videoLink ? 'fields.currentVideo' : 'fields.currentImage')}</figcaption>
      {!url && videoLink ? (
        <div
          className="grid aspect-video w-full place-items-center gap-1 rounded-lg bg-stone-900 p-3 text-center text-stone-100 ring-1 ring-stone-200"
          data-testid="current-video-link"
        >
          <Icon name="video" className="size-8" />
          <span dir="ltr" className="max-w-full text-xs break-all text-stone-300">
            {videoLink}
          </span>
        </div>
      ) : url && kind === 'video' ? (
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

/**
 * An edit form's media: what the item has now, beside the field that replaces it. A draft saved
 * without any (a one-language draft may wait for its picture) gets the field alone.
 */
export function ReplaceMedia({
  url,
  kind,
  videoLink,
  children,
}: {
  url: string | null;
  kind?: 'image' | 'video' | null;
  videoLink?: string | null;
  children: ReactNode;
}) {
  if (!url && !videoLink) return children;
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
      <CurrentImage url={url} kind={kind} videoLink={videoLink} />
      {children}
    </div>
  );
}
