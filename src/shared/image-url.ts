/**
 * Public URL of a stored file, as the original API built it: base + 'storage/' + path, with backslashes turned into
 * forward slashes and non-breaking spaces removed. Absolute URLs pass through unchanged.
 */
export function storageUrl(storedPath: string | null | undefined, base = '/'): string | null {
  if (!storedPath) return null;
  const cleaned = storedPath.replace(/\\/g, '/').replace(/\u00a0/g, '').replace(/^\/+/, '').replace(/^storage\//, '');
  if (/^https?:\/\//i.test(cleaned)) return cleaned;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return `${prefix}storage/${cleaned}`;
}
