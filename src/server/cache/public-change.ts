import { PUBLIC_STATUS } from '../publication/visibility.ts';

/** An item as a mutation found or left it: undefined or null when it did not (or no longer) exist. */
type ItemState = { status: string } | null | undefined;

/**
 * What a mutation declared `changesPublicContent: 'when-public'` reports while it runs: the items
 * it changed, before and after. Readers see a change exactly when one of those items is public
 * before or after it (the one rule of publication/visibility.ts; a published story is public the
 * same way), so saving a draft, scheduling an item or deleting a story nobody published moves
 * nothing: the public ETag does not tell anyone that editors are at work, and readers keep their
 * cached pages.
 */
export interface PublicChange {
  saw(before: ItemState, after: ItemState): void;
}

const visible = (item: ItemState) => item?.status === PUBLIC_STATUS;

export type VersionDeclaration = boolean | 'when-public' | undefined;

/** One mutation's report, and whether its declaration and report move the content version on. */
export function publicChangeReport(): PublicChange & { movesVersion(declared: VersionDeclaration): boolean } {
  let reported = false;
  let touchedPublic = false;
  return {
    saw(before, after) {
      reported = true;
      if (visible(before) || visible(after)) touchedPublic = true;
    },
    movesVersion(declared) {
      if (declared === false) return false;
      // A conditional declaration whose procedure reported nothing errs towards fresh pages.
      if (declared === 'when-public') return !reported || touchedPublic;
      return true;
    },
  };
}
