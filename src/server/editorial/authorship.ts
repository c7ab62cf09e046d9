import type { Byline } from './item.ts';
import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { canPublish } from '../../shared/roles.ts';
import type { PublicationStatus } from '../../shared/schemas/editorial.ts';
import type { Context } from '../trpc/context.ts';

interface Saved {
  status: PublicationStatus;
  createdBy: number | null;
}

/**
 * Who wrote an item and whether it waits for review, as a save changes them. A writer saves only
 * drafts (a create that names no status would publish at once, so she must say draft) and edits
 * only her own drafts: refused in her language before anything is written. An item published or
 * scheduled is no longer waiting for review; an editor sends one back with `forReview: false`.
 */
export function authorshipChanges(
  ctx: Pick<Context, 'lang' | 'user'>,
  input: { status?: PublicationStatus; forReview?: boolean; byline?: Byline },
  current: Saved | undefined,
  now: Date,
): { createdBy?: number; reviewRequestedAt?: Date | null; byline?: Byline } {
  // The procedures let only signed-in accounts here; a caller that forgot is refused, not trusted.
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: message(ctx.lang, 'unauthenticated') });
  if (!canPublish(ctx.user.role)) {
    if (current && (current.createdBy !== ctx.user.id || current.status !== 'draft'))
      throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'writersOwnItems') });
    if ((current ? (input.status ?? 'draft') : input.status) !== 'draft')
      throw new TRPCError({ code: 'FORBIDDEN', message: message(ctx.lang, 'writersSaveDrafts') });
  }
  const changes: { createdBy?: number; reviewRequestedAt?: Date | null; byline?: Byline } = current ? {} : { createdBy: ctx.user.id };
  if (input.byline) changes.byline = input.byline;
  const status = input.status ?? current?.status ?? 'published';
  if (status !== 'draft' || input.forReview === false) changes.reviewRequestedAt = null;
  else if (input.forReview) changes.reviewRequestedAt = now;
  return changes;
}
