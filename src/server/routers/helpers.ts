import { TRPCError } from '@trpc/server';
import { message, type MessageKey } from '../../shared/messages.ts';
import type { DbLike } from '../db/client.ts';
import type { Context } from '../trpc/context.ts';
import { fieldError } from '../trpc/init.ts';
import { claimUpload, UploadClaimError, type UploadClaimant } from '../uploads/store.ts';
import { BodyImageRefused } from '../editorial/body-images.ts';
import { editorialWrites } from '../editorial/item.ts';
import type { MediaKind } from '../uploads/sniff.ts';
import type { Language } from '../../shared/locale.ts';
import { isInLanguage } from '../../shared/item-languages.ts';
import { NotInLanguageError } from '../trpc/errors.ts';
import { clockOf } from '../publication/clock.ts';

export function notFound(ctx: Pick<Context, 'lang'>, key: MessageKey = 'notFound'): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, key) });
}

/** A public item read in a language it is not written in: not found there (shared/item-languages.ts). */
export function requireWrittenIn(
  ctx: Pick<Context, 'lang'>,
  item: { titleEn: string; titleFa: string },
  language: Language | undefined,
  key: MessageKey,
): void {
  if (!language || isInLanguage(item, language)) return;
  throw new TRPCError({ code: 'NOT_FOUND', message: message(ctx.lang, key), cause: new NotInLanguageError() });
}

/** claimUpload, with its refusal reported on the form field that carried the upload id. */
export async function claimForField(
  ctx: Pick<Context, 'lang'>,
  db: DbLike,
  uploadId: string,
  allowed: readonly MediaKind[],
  field: string,
  claimant?: UploadClaimant,
) {
  try {
    return await claimUpload(db, uploadId, allowed, claimant);
  } catch (error) {
    if (error instanceof UploadClaimError) throw fieldError(field, message(ctx.lang, error.key));
    throw error;
  }
}

/** An editorial item's claim: a fresh picture enters the picture library, and a library picture may be used again. */
export function libraryClaim(ctx: Pick<Context, 'user' | 'clock'>): UploadClaimant {
  return { library: true, userId: ctx.user?.id ?? null, at: clockOf(ctx).now() };
}

/** The editorial columns of a save (src/server/editorial/item.ts), a refused body picture reported on its body field. */
export async function editorialChanges(ctx: Pick<Context, 'lang'>, ...args: Parameters<typeof editorialWrites>): ReturnType<typeof editorialWrites> {
  try {
    return await editorialWrites(...args);
  } catch (error) {
    if (error instanceof BodyImageRefused) throw fieldError(error.field, message(ctx.lang, error.key));
    throw error;
  }
}

export function pageWindow(input: { page: number; pageSize: number }) {
  return { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
