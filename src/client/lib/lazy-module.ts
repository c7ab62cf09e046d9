/**
 * A module imported on first use, remembered once it has arrived: a page whose chunk was loaded
 * before hydration (main.tsx) or before rendering (entry-server.tsx) renders at once, without
 * suspending, so the server's HTML is hydrated as it is.
 */
export interface LazyModule<M> {
  /** The source file, relative to the project root, as Vite's manifest names it. */
  readonly src: string;
  load(): Promise<M>;
  /** The module once loaded. */
  readonly current: M | undefined;
}

export function lazyModule<M>(src: string, importer: () => Promise<M>): LazyModule<M> {
  let pending: Promise<M> | undefined;
  let current: M | undefined;
  return {
    src,
    get current() {
      return current;
    },
    load() {
      pending ??= importer().then(
        (module) => (current = module),
        (error: unknown) => {
          pending = undefined; // a dropped connection may work on the next try
          throw error;
        },
      );
      return pending;
    },
  };
}
