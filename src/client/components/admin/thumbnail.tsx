import type { SyntheticEvent } from 'react';
import { privateMediaUrl, storageUrl } from '../../../shared/image-url.ts';
import { hasVariants, variantPath } from '../../../shared/image-variants.ts';

/**
 * A stored image at card size: the server's 480 px WebP variant (light on a phone's data plan),
 * or the stored file itself when there is no variant (GIFs, or files stored before variants).
 * It fills its (relative, fixed-ratio) frame whatever the picture's own proportions. `hidden`:
 * the file may not be public (a story awaiting review), so it is asked for on the editors' path.
 */
export function Thumbnail({
  path,
  hidden = false,
  className = 'absolute inset-0 size-full object-cover',
}: {
  path: string;
  hidden?: boolean;
  className?: string;
}) {
  const url = hidden ? privateMediaUrl : storageUrl;
  const full = url(path);
  const small = hasVariants(path) ? url(variantPath(path, 480, 'webp')) : full;
  const fallBack = (event: SyntheticEvent<HTMLImageElement>) => {
    if (full && event.currentTarget.src !== new URL(full, window.location.href).href) event.currentTarget.src = full;
  };
  return small ? <img src={small} alt="" loading="lazy" decoding="async" onError={fallBack} className={className} /> : null;
}
