import sharp from 'sharp';
import { variantFormats, variantPath, variantWidths } from '../../shared/image-variants.ts';
import type { Storage } from './storage.ts';

/**
 * Writes the responsive variants of an already cleaned image (so they carry no metadata either).
 * Images narrower than a width are not enlarged: the variant then holds the image at its own size.
 */
export async function writeVariants(storage: Storage, storedPath: string): Promise<string[]> {
  const source = storage.absolute(storedPath);
  const written: string[] = [];
  for (const width of variantWidths) {
    const resized = sharp(source).resize({ width, withoutEnlargement: true });
    for (const format of variantFormats) {
      const target = variantPath(storedPath, width, format);
      const encoder =
        format === 'avif' ? resized.clone().avif({ quality: 50, effort: 2 }) : format === 'webp' ? resized.clone().webp({ quality: 78 }) : resized.clone().jpeg({ quality: 80, mozjpeg: true });
      await encoder.toFile(storage.absolute(target));
      written.push(target);
    }
  }
  return written;
}
