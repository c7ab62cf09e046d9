/**
 * A module imported (or what is built from it) when first asked for and shared by every caller after; one that failed
 * (no file handle free at that moment) is tried again by the next caller, as far as Node's own
 * module cache allows, instead of failing every later request.
 */
export function importOnFirstUse<M>(importer: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined;
  return () =>
    (pending ??= importer().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
