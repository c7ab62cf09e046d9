export type MediaKind = 'image' | 'video';

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  ext: string;
}

const accepted: Record<string, SniffedType> = {
  'image/jpeg': { kind: 'image', mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { kind: 'image', mime: 'image/png', ext: 'png' },
  'image/webp': { kind: 'image', mime: 'image/webp', ext: 'webp' },
  'image/gif': { kind: 'image', mime: 'image/gif', ext: 'gif' },
  'image/avif': { kind: 'image', mime: 'image/avif', ext: 'avif' },
  'video/mp4': { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  'video/x-m4v': { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  'video/webm': { kind: 'video', mime: 'video/webm', ext: 'webm' },
  'video/quicktime': { kind: 'video', mime: 'video/quicktime', ext: 'mov' },
};

/** Every type the site accepts and stores, once per extension. */
export const acceptedTypes: readonly SniffedType[] = [...new Map(Object.values(accepted).map((type) => [type.ext, type])).values()];

/** The file's real type, read from its bytes; null when it is not one we accept. Names and declared types are ignored. */
export async function sniffFile(file: string): Promise<SniffedType | null> {
  // Loaded with the first file, not at the start (uploads/multer.ts says why).
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file);
  return (detected && accepted[detected.mime]) ?? null;
}
