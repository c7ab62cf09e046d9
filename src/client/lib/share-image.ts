import { storageUrl } from '../../shared/image-url.ts';
import { hasVariants, variantPath } from '../../shared/image-variants.ts';

/** The picture a shared link previews: the largest JPEG variant (every network reads JPEG), else the stored file. */
export function shareImage(path: string | null | undefined): string | null {
  if (!path) return null;
  return storageUrl(hasVariants(path) ? variantPath(path, 1600, 'jpg') : path);
}
