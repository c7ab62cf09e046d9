import { PUBLIC_STATUS } from '../publication/visibility.ts';
import type { TagSpace } from './shared-cache.ts';

/** An item as a mutation found or left it: undefined or null when it did not (or no longer) exist. */
type ItemState = { status: string; id?: number } | null | undefined;

/** A public item a change touched, with what its addresses are made of before and after (purge-targets.ts). */
export interface ChangedItem {
  space: TagSpace;
  id: number;
  /** The item as found and as left, where public: their titles and slugs make its readable addresses. */
  states: object[];
}

/**
 * What a mutation declared `changesPublicContent: 'when-public'` reports while it runs: the items
 * it changed, before and after, and which family of things they are. Readers see a change exactly
 * when one of those items is public before or after it (the one rule of publication/visibility.ts;
 * a published story is public the same way), so saving a draft, scheduling an item or deleting a
 * story nobody published moves nothing: the public ETag does not tell anyone that editors are at
 * work, readers keep their cached pages, and no purge names the item (decision 038).
 */
export interface PublicChange {
  saw(before: ItemState, after: ItemState, space: TagSpace): void;
}

const visible = (item: ItemState) => item?.status === PUBLIC_STATUS;

export type VersionDeclaration = boolean | 'when-public' | undefined;

/** One mutation's report, whether its declaration and report move the content version on, and what a cache in front must drop. */
export function publicChangeReport(): PublicChange & {
  movesVersion(declared: VersionDeclaration): boolean;
  /** The public items changed, or 'everything' when the procedure named none (a gallery item, the first administrator). */
  changed(): ChangedItem[] | 'everything';
} {
  let reported = false;
  /** A public item changed that came without its id: only a purge of everything covers it. */
  let unnamed = false;
  const items: ChangedItem[] = [];
  return {
    saw(before, after, space) {
      reported = true;
      if (!visible(before) && !visible(after)) return;
      const id = after?.id ?? before?.id;
      const states = [before, after].filter((state): state is NonNullable<ItemState> => Boolean(state));
      if (typeof id === 'number') items.push({ space, id, states });
      else unnamed = true;
    },
    movesVersion(declared) {
      if (declared === false) return false;
      // A conditional declaration whose procedure reported nothing errs towards fresh pages.
      if (declared === 'when-public') return !reported || unnamed || items.length > 0;
      return true;
    },
    changed() {
      return reported && !unnamed && items.length ? items : 'everything';
    },
  };
}
