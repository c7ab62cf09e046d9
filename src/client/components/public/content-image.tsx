import { createContext, useContext, useState } from 'react';
import { privateMediaUrl, storageUrl } from '../../../shared/image-url.ts';
import { hasVariants, variantPath, variantWidths, type VariantFormat } from '../../../shared/image-variants.ts';
import { ImageIcon } from './icons.tsx';

interface ContentImageProps {
  /** The stored path (src/shared/image-url.ts); none shows the placeholder. */
  path: string | null | undefined;
  alt: string;
  /** Intrinsic size hints: with them the browser reserves the box before the file arrives. */
  width?: number;
  height?: number;
  /** Above the fold: load at once and early; everything else waits until it is near the viewport. */
  eager?: boolean;
  /** Sizing classes for the box, e.g. aspect-[16/9] w-full. */
  className?: string;
  /** How wide the image is drawn (the `sizes` attribute), so a phone picks the 480 px file, not the 1600 px one. */
  sizes?: string;
}

/** Common `sizes` values for the site's layouts. */
export const imageSizes = {
  card: '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw',
  lead: '(min-width: 1280px) 820px, (min-width: 1024px) 64vw, 100vw',
  half: '(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw',
  thumb: '96px',
  article: '(min-width: 768px) 720px, 100vw',
} as const;

/**
 * Where pictures are asked for: the public address, or (an editor's preview of an unpublished
 * item, whose files are not public yet) the editors' private path.
 */
export const MediaSideContext = createContext<'public' | 'private'>('public');

/** The address builder for stored files on the side the page is shown from. */
export function useMediaUrl(): typeof storageUrl {
  return useContext(MediaSideContext) === 'private' ? privateMediaUrl : storageUrl;
}

function srcSet(urlOf: typeof storageUrl, path: string, format: VariantFormat): string {
  return variantWidths.map((width) => `${urlOf(variantPath(path, width, format))} ${width}w`).join(', ');
}

/**
 * A stored image; still images come with AVIF, WebP and JPEG variants at 480, 960 and 1600 px
 * (made at upload), so readers on slow phone connections download the smallest fitting file.
 */
export function ContentImage({
  path,
  alt,
  width = 1200,
  height = 675,
  eager = false,
  className = 'aspect-[16/9] w-full',
  sizes = imageSizes.card,
}: ContentImageProps) {
  const [broken, setBroken] = useState(false);
  const urlOf = useMediaUrl();
  const src = urlOf(path);
  if (!src || broken) return <ImagePlaceholder className={className} />;
  const common = {
    alt,
    width,
    height,
    loading: eager ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: eager ? 'high' : 'auto',
    onError: () => setBroken(true),
  } as const;
  if (path && hasVariants(path)) {
    // The box is the <picture>: <source> children would otherwise count as flex or grid items.
    return (
      <picture className={`block overflow-hidden bg-stone-200 ${className}`}>
        <source type="image/avif" srcSet={srcSet(urlOf, path, 'avif')} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet(urlOf, path, 'webp')} sizes={sizes} />
        <img {...common} src={urlOf(variantPath(path, 960, 'jpg'))!} srcSet={srcSet(urlOf, path, 'jpg')} sizes={sizes} className="h-full w-full object-cover" />
      </picture>
    );
  }
  return <img {...common} src={src} className={`bg-stone-200 object-cover ${className}`} />;
}

/** Shown instead of a missing image: a calm tinted box, so grids keep their rhythm. */
export function ImagePlaceholder({ className = 'aspect-[16/9] w-full', label }: { className?: string; label?: string }) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-plum-100 to-stone-100 text-plum-700 ${className}`}
      data-testid="image-placeholder"
    >
      <ImageIcon size={36} />
      {label ? <span className="text-sm font-medium text-stone-700">{label}</span> : null}
    </div>
  );
}
