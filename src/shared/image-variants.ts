/** Widths and formats the server makes of every stored still image, for srcset (AVIF, WebP, JPEG fallback). */
export const variantWidths = [480, 960, 1600] as const;
export const variantFormats = ['avif', 'webp', 'jpg'] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** Still images stored by the server have variants; animated GIFs and videos do not. */
export function hasVariants(storedPath: string | null | undefined): storedPath is string {
  return Boolean(storedPath && /^images\/[a-z0-9]+\.(jpg|png|webp|avif)$/.test(storedPath));
}

export function variantPath(storedPath: string, width: number, format: VariantFormat): string {
  return storedPath.replace(/\.[a-z0-9]+$/, `-w${width}.${format}`);
}

export function allVariantPaths(storedPath: string): string[] {
  if (!hasVariants(storedPath)) return [];
  return variantWidths.flatMap((width) => variantFormats.map((format) => variantPath(storedPath, width, format)));
}
