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

/**
 * URL of a stored file on the editors' path, which serves it whether or not it is public yet (a
 * pending story's photo, a contact message's attachment) and is never cached (docs/decisions/012).
 */
export function privateMediaUrl(storedPath: string | null | undefined): string | null {
  const url = storageUrl(storedPath);
  return url?.startsWith('/storage/') ? `/media/private/${url.slice('/storage/'.length)}` : url;
}
