/**
 * What a process loads only when first asked for (a module, or something made from one or read
 * from the database), shared by every caller after. A load that failed (no file handle free at that
 * moment, the database away) is tried again by the next caller instead of failing every later
 * request; for a module, as far as Node's own module cache allows.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
