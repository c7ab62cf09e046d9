import type { PublicationStatus } from '../../shared/schemas/editorial.ts';

export interface PublicationInput {
  status?: PublicationStatus;
  publishAt?: Date;
}

export interface PublicationColumns {
  status: PublicationStatus;
  publishAt: Date | null;
  /** The item's public date (lists are ordered by it): set when it goes public. */
  createdAt?: Date;
}

/**
 * The status columns an editor's save leads to. Publishing sets the public date to now; a
 * scheduled time already past publishes at once; a draft forgets its time. `current` is the
 * stored state on update, absent on create (where neither status nor time means published, as the
 * original API did). Null means the save does not touch publication.
 */
export function publicationColumns(
  input: PublicationInput,
  current: { status: PublicationStatus; publishAt: Date | null } | undefined,
  now: Date,
): PublicationColumns | null {
  // A time without a status schedules the item for that time (an embargo must never publish
  // early, nor be dropped unnoticed); neither, on update, leaves publication as it is.
  let status = input.status ?? (input.publishAt ? 'scheduled' : current ? undefined : 'published');
  if (!status) return null;
  if (status === 'scheduled') {
    const at = input.publishAt ?? current?.publishAt ?? null;
    if (at && at.getTime() > now.getTime()) return { status, publishAt: at };
    status = 'published';
  }
  if (status === 'published') return current?.status === 'published' ? { status, publishAt: null } : { status, publishAt: null, createdAt: now };
  return { status: 'draft', publishAt: null };
}
