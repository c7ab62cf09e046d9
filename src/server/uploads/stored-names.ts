import { variantFormats, variantWidths } from '../../shared/image-variants.ts';
import { acceptedTypes, type SniffedType } from './sniff.ts';

const folderOf = { image: 'images', video: 'videos' } as const;
const typeOfExtension = new Map(acceptedTypes.map((type) => [type.ext, type]));
// The names store.ts and variants.ts make: 32 hex digits of a random id, then for a still image's
// responsive variants one of the widths made, then the extension of the type sniffed or made.
const storedName = new RegExp(`^(images|videos)/[0-9a-f]{32}(-w(?:${variantWidths.join('|')}))?\\.([a-z0-9]+)$`);

/**
 * The type of a stored path, when it is a name the site makes: `images/<id>.png`,
 * `images/<id>-w480.avif`, `videos/<id>.mp4`. Null for anything else (a page, a script, an SVG, an
 * image in the videos folder, a variant of a video or of a width never made, a name chosen by
 * someone else), so the media routes serve, and a restore accepts, only what uploads can produce,
 * with the Content-Type of that type whatever the file's bytes.
 */
export function storedTypeOf(relativePath: string): SniffedType | null {
  const match = storedName.exec(relativePath);
  if (!match) return null;
  const [, folder, variant, ext = ''] = match;
  const type = typeOfExtension.get(ext);
  if (!type || folderOf[type.kind] !== folder) return null;
  if (variant && !(variantFormats as readonly string[]).includes(ext)) return null;
  return type;
}
