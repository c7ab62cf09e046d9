import { bumpContentVersion } from '../security/runtime.ts';
import type { Deps } from '../trpc/context.ts';

/**
 * Tells every cache that what visitors can read has changed (an item went live). The one place
 * publication reaches into caching, so moving the caches means changing this line only.
 */
export function publicContentChanged(deps: Pick<Deps, 'db' | 'env'>): void {
  bumpContentVersion(deps.db, deps.env);
}
