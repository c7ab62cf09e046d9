import path from 'node:path';
import sharp from 'sharp';
import { variantFormats, variantPath, variantWidths } from '../../shared/image-variants.ts';

/**
 * Writes the responsive variants of an already cleaned image (so they carry no metadata either)
 * beside it, named as `variantPath` names them. Images narrower than a width are not enlarged: the
 * variant then holds the image at its own size. Returns the written files' names.
 */
export async function writeVariants(source: string): Promise<string[]> {
  const written: string[] = [];
  for (const width of variantWidths) {
    const resized = sharp(source).resize({ width, withoutEnlargement: true });
    for (const format of variantFormats) {
      const target = variantPath(source, width, format);
      const encoder =
        format === 'avif'
          ? resized.clone().avif({ quality: 50, effort: 2 })
          : format === 'webp'
            ? resized.clone().webp({ quality: 78 })
            : resized.clone().jpeg({ quality: 80, mozjpeg: true });
      await encoder.toFile(target);
      written.push(path.basename(target));
    }
  }
  return written;
}
