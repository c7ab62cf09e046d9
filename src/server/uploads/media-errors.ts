/** Why a file's content was refused by the cleaning step. */
/** `tooMuchWork`: a video whose decoding would cost more than its size allows (uploads/video.ts). */
export type MediaRefusalReason = 'unreadable' | 'tooManyPixels' | 'tooMuchWork' | 'timedOut';

/** A file the cleaners cannot or will not process; the intake reports it as a refusal, not a server error. */
export class UnreadableMediaError extends Error {
  readonly reason: MediaRefusalReason;
  constructor(reason: MediaRefusalReason, detail: string) {
    super(detail);
    this.reason = reason;
  }
}
