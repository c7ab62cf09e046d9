import { message, type MessageKey } from '../../shared/messages.ts';
import type { Language } from '../../shared/locale.ts';
import type { Env } from '../env.ts';
import type { MediaRefusalReason } from './media-errors.ts';

/**
 * Why the upload intake refused a request, as data: each entry point (JSON API, REST shim, a
 * form post without JavaScript) maps it to its own status and body. `field` is the form field the
 * refusal belongs to.
 */
export type UploadRefusal =
  | { kind: 'forgery' }
  | { kind: 'unauthenticated' }
  | { kind: 'throttled'; retryAfter: number }
  /** Every media worker is busy and the queue is full; nothing was read or stored. */
  | { kind: 'busy'; retryAfter: number }
  /** `media` says which limit applies: unknown (`any`) when refused from Content-Length before the file's type was seen. */
  | { kind: 'tooLarge'; field: string; media: 'image' | 'video' | 'any' }
  | { kind: 'tooManyParts'; field: string }
  | { kind: 'missingFile'; field: string }
  /** `empty`: a file of no bytes, which has no type at all. */
  | { kind: 'badType'; field: string; videoNotAllowed: boolean; empty?: boolean }
  | { kind: 'unreadable'; field: string; media: 'image' | 'video'; reason: MediaRefusalReason };

type UploadRefusalKind = UploadRefusal['kind'];

/** Thrown by storeUpload; the intake turns it back into a value. */
export class UploadRefused extends Error {
  readonly refusal: UploadRefusal;
  constructor(refusal: UploadRefusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

const statusOfKind: Record<UploadRefusalKind, number> = {
  forgery: 419,
  unauthenticated: 401,
  throttled: 429,
  busy: 503,
  tooLarge: 413,
  tooManyParts: 422,
  missingFile: 422,
  badType: 415,
  unreadable: 422,
};

/** The status a refusal gets where the entry point has no convention of its own. */
export function refusalStatus(refusal: UploadRefusal): number {
  return refusal.kind === 'badType' && refusal.empty ? 422 : statusOfKind[refusal.kind];
}

function refusalKey(refusal: UploadRefusal): MessageKey {
  switch (refusal.kind) {
    case 'forgery':
      return 'csrfMismatch';
    case 'unauthenticated':
      return 'unauthenticated';
    case 'throttled':
      return 'tooManyRequests';
    case 'busy':
      return 'uploadBusy';
    case 'tooLarge':
      return refusal.media === 'image' ? 'uploadImageTooLarge' : refusal.media === 'video' ? 'uploadVideoTooLarge' : 'uploadTooLarge';
    case 'tooManyParts':
      return 'uploadTooManyParts';
    case 'missingFile':
      return 'uploadMissingFile';
    case 'badType':
      return refusal.videoNotAllowed ? 'uploadVideoNotAllowed' : 'uploadUnsupportedType';
    case 'unreadable':
      if (refusal.reason === 'timedOut') return 'uploadTimedOut';
      if (refusal.reason === 'tooMuchWork' && refusal.media === 'video') return 'uploadVideoTooMuchWork';
      return refusal.media === 'image' ? 'uploadUnreadableImage' : 'uploadUnsupportedType';
  }
}

/** The refusal as a sentence in the visitor's language, its numbers in that language's digits. */
export function refusalMessage(refusal: UploadRefusal, lang: Language, env: Pick<Env, 'MAX_IMAGE_MB' | 'MAX_VIDEO_MB'>): string {
  const number = new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en', { useGrouping: false, maximumFractionDigits: 3 });
  const max = refusal.kind === 'tooLarge' && refusal.media === 'video' ? env.MAX_VIDEO_MB : env.MAX_IMAGE_MB;
  return message(lang, refusalKey(refusal), { max: number.format(max), image: number.format(env.MAX_IMAGE_MB), video: number.format(env.MAX_VIDEO_MB) });
}

/** Retry-After of a refusal that has one. */
export function refusalRetryAfter(refusal: UploadRefusal): number | null {
  return refusal.kind === 'throttled' || refusal.kind === 'busy' ? refusal.retryAfter : null;
}
